// The tap's Blob batches: exact bytes and order across streams, copied at once (the page's
// chunk is the page's), sent when full, at the deadline or before anything else, and built
// without asking any built-in the page can replace after install.
import { describe, expect, it } from 'vitest';
import type { ChunkBatch, ChunkBlob, ChunkBytes } from '../bridge/messages.js';
import { createBlobGather } from './blob-gather.js';
import { captureGatherDeps } from './gather-deps.js';
import { fakeGatherNatives } from './gather-world.test-helper.js';

const enc = new TextEncoder();

/** A window with the Blob path's natives, a scheduler whose delayed tasks the test runs, and a visibility. */
function gatherWindow(visibility?: () => string) {
  const fake = fakeGatherNatives(visibility);
  return { ...fake, win: { Function, Object, ...fake.natives } };
}

/** `minBytes`/`minParts` default to 0 here: every batch is a Blob unless a test asks for the small rule. */
function gatherOn(
  opts: { maxBytes?: number; maxParts?: number; minBytes?: number; minParts?: number; visibility?: () => string } = {},
) {
  const w = gatherWindow(opts.visibility);
  const captured = captureGatherDeps(w.win);
  if (!captured) throw new Error('nothing captured');
  const sent: ChunkBlob[] = [];
  const bytes: ChunkBytes[] = [];
  const g = createBlobGather({
    ...captured.deps,
    send: (m) => void (m.kind === 'chunk-blob' ? sent.push(m) : bytes.push(m as ChunkBytes)),
    minBytes: 0,
    minParts: 0,
    ...opts,
  });
  return { ...w, g, sent, bytes, captured };
}

/** Each part's bytes, read back from its Blob, as the panel's transport does. */
async function partsOf(sent: ChunkBlob[]): Promise<{ id: string; bytes: number[] }[]> {
  const out: { id: string; bytes: number[] }[] = [];
  for (const m of sent) {
    const buf = new Uint8Array(await m.blob.arrayBuffer());
    let at = 0;
    for (const p of m.parts) {
      out.push({ id: `${p.streamId}#${p.seq}@${p.t}`, bytes: [...buf.subarray(at, at + p.size)] });
      at += p.size;
    }
    expect(at).toBe(m.blob.size);
  }
  return out;
}

describe('the tap gathers chunks into Blobs', () => {
  it('keeps every chunk exact and in order across streams, whatever the bytes, each with its own timestamp', async () => {
    const t = gatherOn();
    const a1 = enc.encode('data: {"delta":"héllo"}\n\n');
    const b1 = new Uint8Array([0xff, 0x00, 0xfe, 0xef, 0xbb, 0xbf]);
    const a2 = enc.encode('data: ✓').slice(0, 8); // a character cut at the edge
    t.g.add({ streamId: 'a', seq: 1, t: 10, bytes: a1 });
    t.g.add({ streamId: 'b', seq: 1, t: 11, bytes: b1 });
    t.g.add({ streamId: 'a', seq: 2, t: 12, bytes: a2 });
    expect(t.sent).toEqual([]); // waits for its deadline
    expect([...t.tasks.values()].map((x) => x.delay)).toEqual([50]); // one deadline for the batch
    t.run();
    expect(t.sent).toHaveLength(1);
    expect(await partsOf(t.sent)).toEqual([
      { id: 'a#1@10', bytes: [...a1] },
      { id: 'b#1@11', bytes: [...b1] },
      { id: 'a#2@12', bytes: [...a2] },
    ]);
  });

  it('copies a chunk when it is added: the page may change its own chunk right after', async () => {
    const t = gatherOn();
    const page = new Uint8Array([1, 2, 3, 4]);
    t.g.add({ streamId: 's', seq: 1, t: 1, bytes: page.subarray(1, 3) });
    page.fill(9);
    t.g.flush();
    expect(await partsOf(t.sent)).toEqual([{ id: 's#1@1', bytes: [2, 3] }]);
  });

  it('sends a full batch at once, a batch of too many parts before the next, and a chunk bigger than a batch alone', async () => {
    const t = gatherOn({ maxBytes: 8, maxParts: 3 });
    const bytes = (n: number, v: number) => new Uint8Array(n).fill(v);
    t.g.add({ streamId: 's', seq: 1, t: 1, bytes: bytes(5, 1) });
    t.g.add({ streamId: 's', seq: 2, t: 1, bytes: bytes(3, 2) }); // exactly full: sent
    expect(t.sent.map((m) => m.parts.length)).toEqual([2]);
    for (let i = 3; i <= 6; i++) t.g.add({ streamId: 's', seq: i, t: 1, bytes: bytes(1, i) });
    expect(t.sent.map((m) => m.parts.length)).toEqual([2, 3]); // the fourth part waits in a new batch
    t.g.add({ streamId: 's', seq: 7, t: 1, bytes: bytes(8, 7) }); // does not fit: the waiting one goes first
    t.g.add({ streamId: 's', seq: 8, t: 1, bytes: bytes(9, 8) }); // bigger than a batch: after the waiting one, alone
    expect(t.sent.map((m) => m.parts.map((p) => p.seq))).toEqual([[1, 2], [3, 4, 5], [6], [7], [8]]);
    const all = await partsOf(t.sent);
    expect(all.map((p) => p.bytes)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((v, i) => [...bytes([5, 3, 1, 1, 1, 1, 8, 9][i]!, v)]),
    );
  });

  it('sends a small batch chunk by chunk, exact and in order; past either bound the batch is one Blob', async () => {
    const t = gatherOn({ minBytes: 6, minParts: 2 });
    const page = new Uint8Array([1, 2, 3, 4]);
    t.g.add({ streamId: 'a', seq: 1, t: 1, bytes: page.subarray(0, 2) });
    t.g.add({ streamId: 'b', seq: 1, t: 2, bytes: page.subarray(2) });
    page.fill(9); // copied when added, as for a Blob
    t.g.flush(); // 4 bytes, 2 parts: small
    expect(t.sent).toEqual([]);
    expect(t.bytes.map((m) => [m.streamId, m.seq, m.t, [...m.bytes]])).toEqual([
      ['a', 1, 1, [1, 2]],
      ['b', 1, 2, [3, 4]],
    ]);
    for (let i = 1; i <= 3; i++) t.g.add({ streamId: 'c', seq: i, t: i, bytes: new Uint8Array([i]) });
    t.g.flush(); // 3 parts: over the part bound
    t.g.add({ streamId: 'd', seq: 1, t: 1, bytes: new Uint8Array(7).fill(5) });
    t.run(); // 7 bytes at its deadline: over the byte bound
    expect(t.bytes).toHaveLength(2);
    expect((await partsOf(t.sent)).map((p) => p.bytes)).toEqual([[1], [2], [3], [5, 5, 5, 5, 5, 5, 5]]);
  });

  it('sends at once when no deadline can be kept (a hidden document), and says so', () => {
    let vis = 'visible';
    const t = gatherOn({ visibility: () => vis });
    expect(t.captured.canWait()).toBe(true);
    vis = 'hidden';
    expect(t.captured.canWait()).toBe(false);
    t.g.add({ streamId: 's', seq: 1, t: 1, bytes: new Uint8Array([1]) });
    expect(t.sent).toHaveLength(1);
    expect(t.tasks.size).toBe(0);
  });

  it('sends the chunks as bytes, exact and in order, when the browser refuses to make a Blob', async () => {
    const t = gatherOn({ maxBytes: 4 });
    const refuse = (): never => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    const g = createBlobGather({
      ...t.captured.deps,
      Blob: refuse as unknown as typeof Blob,
      maxBytes: 4,
      send: (m) => void (m.kind === 'chunk-blob' ? t.sent.push(m) : t.bytes.push(m as ChunkBytes)),
    });
    g.add({ streamId: 'a', seq: 1, t: 1, bytes: new Uint8Array([1, 2]) });
    g.add({ streamId: 'b', seq: 1, t: 2, bytes: new Uint8Array([3]) });
    g.flush();
    g.add({ streamId: 'a', seq: 2, t: 3, bytes: new Uint8Array([4, 5, 6, 7, 8]) }); // bigger than a batch
    expect(t.sent).toEqual([]);
    expect(t.bytes.map((m) => [m.streamId, m.seq, m.t, [...m.bytes]])).toEqual([
      ['a', 1, 1, [1, 2]],
      ['b', 1, 2, [3]],
      ['a', 2, 3, [4, 5, 6, 7, 8]],
    ]);
  });

  it('captures nothing without scheduler.postTask (the tap then sends bytes as before)', () => {
    const w = gatherWindow();
    expect(captureGatherDeps({ ...w.win, scheduler: undefined })).toBeUndefined();
  });

  it('asks nothing the page replaced after install: Array iterator, index setters, postTask, Blob, set, defineProperty', async () => {
    const w = gatherWindow();
    const captured = captureGatherDeps(w.win);
    if (!captured) throw new Error('nothing captured');
    // Maps, not arrays: the test's own pushes would meet the trapped index setter.
    const sent = new Map<number, ChunkBlob>();
    const g = createBlobGather({
      ...captured.deps,
      minBytes: 0,
      minParts: 0,
      send: (m) => void sent.set(sent.size, m as ChunkBlob),
    });
    const calls = new Map<number, string>();
    const trap = (name: string) =>
      function trap() {
        calls.set(calls.size, name);
        throw new Error(`page trap ${name}`);
      };
    const TA = Object.getPrototypeOf(Uint8Array.prototype) as object;
    const define = Object.defineProperty;
    const saved = {
      iterator: Object.getOwnPropertyDescriptor(Array.prototype, Symbol.iterator)!,
      set: Object.getOwnPropertyDescriptor(TA, 'set')!,
      postTask: Object.getOwnPropertyDescriptor(w.FakeScheduler.prototype, 'postTask')!,
      blob: globalThis.Blob,
    };
    const chunk = { streamId: 's', seq: 1, t: 1, bytes: new Uint8Array([7, 8]) };
    // What a hostile page does after our install (the MAIN world shares its realm).
    define(Array.prototype, Symbol.iterator, { value: trap('iterator'), configurable: true, writable: true });
    define(Array.prototype, '0', { set: trap('index setter'), configurable: true });
    define(Object.prototype, 'delay', { get: trap('delay getter'), configurable: true });
    define(TA, 'set', { value: trap('set'), configurable: true, writable: true });
    define(w.FakeScheduler.prototype, 'postTask', { value: trap('postTask'), configurable: true });
    globalThis.Blob = trap('Blob') as never;
    Object.defineProperty = trap('defineProperty') as never;
    try {
      g.add(chunk);
      w.run();
    } finally {
      Object.defineProperty = define;
      delete (Array.prototype as unknown as Record<string, unknown>)['0'];
      delete (Object.prototype as unknown as Record<string, unknown>)['delay'];
      define(Array.prototype, Symbol.iterator, saved.iterator);
      define(TA, 'set', saved.set);
      define(w.FakeScheduler.prototype, 'postTask', saved.postTask);
      globalThis.Blob = saved.blob;
    }
    expect([...calls.values()]).toEqual([]);
    expect(await partsOf([...sent.values()])).toEqual([{ id: 's#1@1', bytes: [7, 8] }]);
  });

  it('with no panel (bytes), sends each batch as its own transferred buffer, exact and in order, and never makes a Blob', () => {
    const w = gatherWindow();
    const captured = captureGatherDeps(w.win);
    if (!captured) throw new Error('nothing captured');
    const sent: { m: ChunkBatch | ChunkBytes; transfer: unknown[] }[] = [];
    const blobs: unknown[] = [];
    const g = createBlobGather({
      ...captured.deps,
      Blob: function NoBlob(...args: unknown[]) {
        blobs.push(args);
      } as unknown as typeof Blob,
      bytes: true,
      maxBytes: 4,
      minBytes: 0,
      minParts: 0,
      send: (m, transfer) => void sent.push({ m: m as ChunkBatch | ChunkBytes, transfer: [...(transfer ?? [])] }),
    });
    const page = new Uint8Array([1, 2, 3, 4, 5]);
    g.add({ streamId: 'a', seq: 1, t: 1, bytes: page.subarray(0, 3) });
    g.add({ streamId: 'b', seq: 1, t: 2, bytes: page.subarray(3, 4) }); // full: sent
    page.fill(9); // copied when added
    g.add({ streamId: 'a', seq: 2, t: 3, bytes: new Uint8Array([6]) });
    w.run(); // the deadline
    g.add({ streamId: 'b', seq: 2, t: 4, bytes: new Uint8Array([7, 7, 7, 7, 7]) }); // bigger than a batch: a copy, alone
    expect(blobs).toEqual([]);
    const batches = sent.filter((s) => s.m.kind === 'chunk-bytes') as { m: ChunkBatch; transfer: unknown[] }[];
    expect(batches.map((s) => [...s.m.bytes])).toEqual([[1, 2, 3, 4], [6]]);
    expect(batches.map((s) => s.m.parts.map((p) => `${p.streamId}#${p.seq}@${p.t}:${p.size}`))).toEqual([
      ['a#1@1:3', 'b#1@2:1'],
      ['a#2@3:1'],
    ]);
    // Each batch transfers exactly its own buffer; the next batch takes a fresh one.
    for (const s of batches) expect(s.transfer).toEqual([s.m.bytes.buffer]);
    expect(batches[0]!.m.bytes.buffer).not.toBe(batches[1]!.m.bytes.buffer);
    const last = sent[sent.length - 1]!.m as ChunkBytes;
    expect([last.kind, last.streamId, last.seq, [...last.bytes]]).toEqual(['stream-chunk', 'b', 2, [7, 7, 7, 7, 7]]);
  });
});
