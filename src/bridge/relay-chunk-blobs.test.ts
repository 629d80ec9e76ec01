import { describe, expect, it } from 'vitest';
import { createChunkBlobBatch } from './relay-chunk-blobs.js';
import type { ChunkBlob, ChunkBytes } from './messages.js';

const enc = new TextEncoder();
const part = (streamId: string, seq: number, text: string) => ({ streamId, seq, t: seq * 10, bytes: enc.encode(text) });

/** `minBytes`/`minParts` default to 0 here: every batch is a Blob unless a test asks for the small rule. */
function setup(
  opts: {
    maxBytes?: number;
    maxParts?: number;
    minBytes?: number;
    minParts?: number;
    tapBlobBytes?: number;
    ms?: number;
    fullMs?: number;
  } = {},
) {
  const sent: ChunkBlob[] = [];
  const bytes: ChunkBytes[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const batch = createChunkBlobBatch({
    send: (m) => void (m.kind === 'chunk-blob' ? sent.push(m) : bytes.push(m)),
    later: (fn, ms) => void timers.push({ fn, ms }),
    minBytes: 0,
    minParts: 0,
    tapBlobBytes: 0, // every tap Blob came full unless a test says otherwise
    ...opts,
  });
  return { sent, bytes, timers, batch };
}

describe('relay chunk Blobs', () => {
  it('gathers chunks of several streams in arrival order into one Blob whose parts add up', async () => {
    const { sent, timers, batch } = setup();
    batch.add(part('a', 1, 'data: 1\n\n'));
    batch.add(part('b', 1, 'data: é\n\n'));
    batch.add(part('a', 2, 'data: 2\n\n'));
    expect(sent).toHaveLength(0);
    expect(timers).toHaveLength(1); // one deadline for the whole batch
    timers[0]?.fn();
    expect(sent).toHaveLength(1);
    const m = sent[0] as ChunkBlob;
    expect(m.parts.map((p) => `${p.streamId}${p.seq}@${p.t}`)).toEqual(['a1@10', 'b1@10', 'a2@20']);
    expect(m.parts.reduce((n, p) => n + p.size, 0)).toBe(m.blob.size);
    expect(await m.blob.text()).toBe('data: 1\n\ndata: é\n\ndata: 2\n\n');
  });

  it('sends at once when the byte or part bound is reached, and a flush with nothing waiting sends nothing', () => {
    const bySize = setup({ maxBytes: 8 });
    bySize.batch.add(part('a', 1, '12345'));
    expect(bySize.sent).toHaveLength(0);
    bySize.batch.add(part('a', 2, '678'));
    expect(bySize.sent).toHaveLength(1);
    expect(bySize.batch.pendingBytes).toBe(0);
    bySize.batch.flush();
    expect(bySize.sent).toHaveLength(1);
    const byParts = setup({ maxParts: 2 });
    byParts.batch.add(part('a', 1, 'x'));
    byParts.batch.add(part('a', 2, 'y'));
    expect(byParts.sent.map((m) => m.parts.length)).toEqual([2]);
  });

  it('sends a small batch as one message per chunk, in order; past either bound as one Blob', async () => {
    const { sent, bytes, timers, batch } = setup({ minBytes: 8, minParts: 2 });
    batch.add(part('a', 1, 'abc'));
    batch.add(part('b', 1, 'dé'));
    batch.flush(); // 6 bytes, 2 parts: small
    expect(sent).toEqual([]);
    expect(bytes.map((m) => [m.streamId, m.seq, m.t, new TextDecoder().decode(m.bytes)])).toEqual([
      ['a', 1, 10, 'abc'],
      ['b', 1, 10, 'dé'],
    ]);
    for (const c of 'xyz') batch.add(part('c', 1, c));
    batch.flush(); // 3 parts
    batch.add(part('d', 1, '123456789'));
    timers.at(-1)?.fn(); // 9 bytes, at its deadline
    expect(bytes).toHaveLength(2);
    expect(await Promise.all(sent.map((m) => m.blob.text()))).toEqual(['xyz', '123456789']);
  });

  it('a deadline that fires after a size flush sends only what came since', () => {
    const { sent, timers, batch } = setup({ maxBytes: 4 });
    batch.add(part('a', 1, 'ab'));
    batch.add(part('a', 2, 'cd')); // full: sent now
    batch.add(part('a', 3, 'e'));
    timers[0]?.fn();
    expect(sent.map((m) => m.parts.map((p) => p.seq))).toEqual([[1, 2], [3]]);
    batch.add(part('a', 4, 'f'));
    expect(timers).toHaveLength(2); // a new deadline once the old one has fired
  });
});

describe("relay chunk Blobs: the tap's Blobs", () => {
  const tapBlob = (streamId: string, seqs: [number, string][]): ChunkBlob => ({
    kind: 'chunk-blob',
    blob: new Blob(seqs.map(([, text]) => text)),
    parts: seqs.map(([seq, text]) => ({ streamId, seq, t: seq * 10, size: enc.encode(text).byteLength })),
  });

  it('sends a lone tap Blob on as it is, even a tiny one (no new Blob, no chunk-by-chunk)', () => {
    const { sent, bytes, timers, batch } = setup({ minBytes: 1024, minParts: 16 });
    const m = tapBlob('a', [[1, 'x']]);
    batch.addBlob(m);
    timers[0]?.fn();
    expect(bytes).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.blob).toBe(m.blob);
    expect(sent[0]?.parts).toEqual(m.parts);
  });

  it('joins tap Blobs and chunks that came as bytes into one Blob, in arrival order, under one deadline', async () => {
    const { sent, bytes, timers, batch } = setup({ minBytes: 1024, minParts: 16 });
    batch.addBlob(
      tapBlob('a', [
        [1, 'a1 '],
        [2, 'a2 '],
      ]),
    );
    batch.add(part('b', 1, 'b1 '));
    batch.addBlob(tapBlob('a', [[3, 'a3 ']]));
    batch.add(part('b', 2, 'b2'));
    expect(sent).toEqual([]);
    expect(timers).toHaveLength(1);
    timers[0]?.fn();
    expect(bytes).toEqual([]); // small, but it holds the tap's Blobs: one Blob all the same
    expect(sent).toHaveLength(1);
    const m = sent[0] as ChunkBlob;
    expect(m.parts.map((p) => `${p.streamId}${p.seq}`)).toEqual(['a1', 'a2', 'b1', 'a3', 'b2']);
    expect(await m.blob.text()).toBe('a1 a2 b1 a3 b2');
    expect(m.parts.reduce((n, p) => n + p.size, 0)).toBe(m.blob.size);
  });

  it('sends at once after a tap Blob that was not full (its streams slowed), with what waited before it', () => {
    const { sent, timers, batch } = setup({ tapBlobBytes: 4 });
    batch.addBlob(tapBlob('a', [[1, 'full']]));
    batch.add(part('b', 1, 'x'));
    expect(sent).toEqual([]);
    batch.addBlob(tapBlob('a', [[2, 'abc']])); // 3 < 4
    expect(sent.map((m) => m.parts.map((p) => `${p.streamId}${p.seq}`))).toEqual([['a1', 'b1', 'a2']]);
    timers[0]?.fn(); // the deadline finds nothing left
    expect(sent).toHaveLength(1);
  });

  it('lets a batch opened by a full tap Blob (a fast stream) wait longer than one opened by bytes', () => {
    const fast = setup({ tapBlobBytes: 4, ms: 50, fullMs: 250 });
    fast.batch.addBlob(tapBlob('a', [[1, 'full']]));
    fast.batch.add(part('b', 1, 'x')); // joins the batch under its deadline
    expect(fast.timers.map((t) => t.ms)).toEqual([250]);
    const slow = setup({ tapBlobBytes: 4, ms: 50, fullMs: 250 });
    slow.batch.add(part('b', 1, 'x'));
    slow.batch.addBlob(tapBlob('a', [[1, 'full']]));
    expect(slow.timers.map((t) => t.ms)).toEqual([50]);
  });

  it('never lets a tap Blob take a message past the byte or the part bound: what waits goes first', async () => {
    const bySize = setup({ maxBytes: 10 });
    bySize.batch.addBlob(tapBlob('a', [[1, '123456']]));
    bySize.batch.addBlob(tapBlob('a', [[2, '789012']])); // 12 > 10: the first goes alone
    expect(bySize.sent.map((m) => m.parts.map((p) => p.seq))).toEqual([[1]]);
    bySize.batch.addBlob(tapBlob('a', [[3, '3456']])); // 10: full, sent at once
    expect(bySize.sent.map((m) => m.parts.map((p) => p.seq))).toEqual([[1], [2, 3]]);
    expect(await bySize.sent[1]?.blob.text()).toBe('7890123456');
    const byParts = setup({ maxParts: 3 });
    byParts.batch.add(part('b', 1, 'x'));
    byParts.batch.addBlob(
      tapBlob('a', [
        [1, 'y'],
        [2, 'z'],
        [3, 'w'],
      ]),
    ); // 4 parts > 3
    byParts.batch.add(part('b', 2, 'v'));
    byParts.batch.flush();
    expect(byParts.sent.map((m) => m.parts.map((p) => `${p.streamId}${p.seq}`))).toEqual([
      ['b1'],
      ['a1', 'a2', 'a3'],
      ['b2'],
    ]);
  });
});
