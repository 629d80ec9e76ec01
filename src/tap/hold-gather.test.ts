// The hold on its own: exact bytes after a cut in the middle of interleaved streams, batches
// within the relay's bounds, one buffer reused across flushes and grown only as needed.
import { describe, expect, it } from 'vitest';
import type { ChunkBatch, ChunkBytes, ChunkPart } from '../bridge/messages.js';
import { createHoldGather, type HoldDeps } from './hold-gather.js';

type Sent = ChunkBatch | ChunkBytes;

/** n bytes counting up from v (mod 256): each chunk's bytes tell it apart. */
const run = (n: number, v: number) => Array.from({ length: n }, (_, i) => (v + i) % 256);

function holdWorld(over: Partial<HoldDeps> = {}) {
  const sent: { m: Sent; transferred: boolean }[] = [];
  const cuts: [string, number, number, number][] = [];
  const hold = createHoldGather({
    Uint8Array,
    ArrayBuffer,
    set: (dst, src, at) => dst.set(src, at),
    byteLength: (b) => b.byteLength,
    defineAt: (arr: ChunkPart[], i, v) => void (arr[i] = v),
    one: (v) => [v] as BlobPart[],
    bare: (o) => Object.setPrototypeOf(o, null) as typeof o,
    send: (m, t) => void sent.push({ m, transferred: t !== undefined }),
    cut: (id, seq, _t, messages, bytes) => void cuts.push([id, seq, messages, bytes]),
    maxBytes: 1000,
    maxParts: 3,
    minBytes: 10,
    minParts: 2,
    capBytes: 4000,
    capParts: 100,
    ...over,
  });
  /** Each chunk that left, as [stream, seq, its bytes]. */
  const chunks = (): [string, number, number[]][] =>
    sent.flatMap(({ m }) => {
      if (m.kind === 'stream-chunk') return [[m.streamId, m.seq, [...m.bytes]] as [string, number, number[]]];
      let at = 0;
      return m.parts.map((p) => {
        const out: [string, number, number[]] = [p.streamId, p.seq, [...m.bytes.subarray(at, at + p.size)]];
        at += p.size;
        return out;
      });
    });
  const add = (streamId: string, seq: number, bytes: number[]) =>
    hold.add({ streamId, seq, t: seq, bytes: new Uint8Array(bytes) });
  /** Chunks of [stream, seq, size, first byte] in turn (their bytes count up from the first). */
  const feed = (rows: [string, number, number, number][]) => {
    for (const [id, seq, n, v] of rows) add(id, seq, run(n, v));
  };
  return { hold, sent, cuts, chunks, add, feed };
}

describe('the hold', () => {
  it('keeps the other streams byte for byte when it cuts one held between them', () => {
    const w = holdWorld();
    // 3700 held: fits.
    w.feed([
      ['a', 1, 300, 1],
      ['b', 1, 900, 50],
      ['a', 2, 300, 2],
      ['b', 2, 900, 60],
      ['c', 1, 400, 70],
      ['b', 3, 900, 80],
    ]);
    expect(w.cuts).toEqual([]);
    w.add('a', 3, run(500, 3)); // 4200 > 4000: b holds the most and goes
    expect(w.cuts).toEqual([['b', 3, 3, 2700]]);
    w.hold.flush();
    expect(w.chunks()).toEqual([
      ['a', 1, run(300, 1)],
      ['a', 2, run(300, 2)],
      ['c', 1, run(400, 70)],
      ['a', 3, run(500, 3)],
    ]);
  });

  it('cuts the arriving stream itself when it is the biggest, counting the chunk that did not fit', () => {
    const w = holdWorld();
    w.feed([
      ['s', 1, 100, 1],
      ['big', 1, 1900, 2],
      ['big', 2, 1900, 3],
      ['big', 3, 500, 4],
    ]);
    expect(w.cuts).toEqual([['big', 3, 3, 4300]]);
    expect(w.hold.held()).toBe(100);
  });

  it('lets held chunks go in batches within the bounds, transferred, and tiny ones one by one', () => {
    const w = holdWorld();
    for (let i = 1; i <= 7; i++) w.add('a', i, run(400, i));
    w.hold.flush();
    // 1000 bytes and 3 parts at most: 400+400, 400+400, 400+400, 400.
    expect(
      w.sent.map(({ m, transferred }) => [m.kind, m.kind === 'chunk-bytes' ? m.parts.length : 1, transferred]),
    ).toEqual([
      ['chunk-bytes', 2, true],
      ['chunk-bytes', 2, true],
      ['chunk-bytes', 2, true],
      ['chunk-bytes', 1, true],
    ]);
    expect(w.chunks().map(([, seq, b]) => [seq, b])).toEqual(
      Array.from({ length: 7 }, (_, i) => [i + 1, run(400, i + 1)]),
    );
    w.sent.length = 0;
    w.add('a', 8, [1, 2]);
    w.add('a', 9, [3]);
    w.hold.flush();
    expect(w.sent.map(({ m, transferred }) => [m.kind, transferred])).toEqual([
      ['stream-chunk', false],
      ['stream-chunk', false],
    ]);
    expect(w.hold.waiting()).toBe(false);
  });

  it('reuses one buffer across flushes, grown by doubling only as far as what it holds, never past the cap', () => {
    const w = holdWorld({ capBytes: 1024 * 1024 });
    w.add('a', 1, run(100, 0));
    const first = w.hold.allocated();
    expect(first).toBe(64 * 1024);
    w.hold.flush();
    w.add('a', 2, run(100, 0));
    expect(w.hold.allocated()).toBe(first); // the same buffer, not a fresh one per batch
    for (let i = 3; i < 20; i++) w.add('a', i, run(10_000, i));
    expect(w.hold.allocated()).toBe(256 * 1024); // 170,100 held: two doublings
    w.hold.setCap(300 * 1024);
    for (let i = 20; i < 40; i++) w.add('b', i, run(10_000, i));
    expect(w.hold.allocated()).toBeLessThanOrEqual(300 * 1024);
    expect(w.cuts.map((c) => c[0])).toEqual(['a']);
  });

  it('cuts by count too: no more chunks than the relay would keep', () => {
    const w = holdWorld({ capParts: 5 });
    for (let i = 1; i <= 3; i++) w.add('a', i, [i]);
    w.add('b', 1, [9]);
    w.add('b', 2, [9]);
    w.add('b', 3, [9]);
    // The 6th chunk finds 5 held: a and b hold 3 bytes each with it, and a tie cuts the arriving stream.
    expect(w.cuts).toEqual([['b', 3, 3, 3]]);
    expect(w.hold.held()).toBe(3);
    w.add('c', 1, [7]);
    expect(w.hold.waiting()).toBe(true);
    expect(w.cuts).toHaveLength(1);
  });
});
