import { describe, expect, it } from 'vitest';
import { createChunkBlobExpander } from './chunk-blob-expander.js';
import type { ChunkBlob, RelayMessage } from './messages.js';
import { tick } from '../../test/tick.test-helper.js';

const blobOf = (...texts: string[]): ChunkBlob => ({
  kind: 'chunk-blob',
  blob: new Blob(texts),
  parts: texts.map((x, i) => ({ streamId: 's', seq: i + 1, t: i, size: new TextEncoder().encode(x).byteLength })),
});
const end: RelayMessage = { kind: 'stream-end', streamId: 's', seq: 9, t: 9, reason: 'complete' };
const label = (m: RelayMessage): string =>
  m.kind === 'stream-chunk' && 'bytes' in m ? `chunk${m.seq}:${new TextDecoder().decode(m.bytes)}` : m.kind;

/** A read we release by hand, to hold a Blob "in flight". */
function manualRead() {
  const waiting: (() => void)[] = [];
  const read = (b: Blob) =>
    new Promise<ArrayBuffer>((resolve) => waiting.push(() => void b.arrayBuffer().then(resolve)));
  return { read, release: () => waiting.shift()?.() };
}

describe('ChunkBlob expander', () => {
  it('hands on the parts as chunks with their own bytes, and what came after only once they are out', async () => {
    const got: string[] = [];
    const { read, release } = manualRead();
    const x = createChunkBlobExpander((m) => void got.push(label(m)), read);
    x.push({ kind: 'replay-end' });
    x.push(blobOf('data: a\n\n', 'é'));
    x.push(end);
    x.push(blobOf('late'));
    expect(got).toEqual(['replay-end']); // the end waits behind the Blob being read
    release();
    await tick();
    expect(got).toEqual(['replay-end', 'chunk1:data: a\n\n', 'chunk2:é', 'stream-end']);
    release();
    await tick();
    expect(got.at(-1)).toBe('chunk1:late');
    x.push({ kind: 'replay-end' });
    expect(got.at(-1)).toBe('replay-end'); // nothing in flight: delivered at once
  });

  it('a Blob that cannot be read ends its streams as truncated instead of leaving a silent gap', async () => {
    const got: RelayMessage[] = [];
    const x = createChunkBlobExpander(
      (m) => void got.push(m),
      () => Promise.reject(new Error('gone')),
    );
    x.push(blobOf('a', 'b'));
    x.push(end);
    await tick();
    expect(got.map((m) => m.kind)).toEqual(['stream-end', 'stream-end']);
    expect(got[0]).toMatchObject({
      streamId: 's',
      reason: 'capture-truncated',
      error: expect.stringContaining('could not read'),
    });
  });

  it('a listener that throws does not stall the queue; close drops what waits', async () => {
    const got: string[] = [];
    const x = createChunkBlobExpander((m) => {
      got.push(label(m));
      if (m.kind === 'stream-chunk') throw new Error('listener bug');
    });
    x.push(blobOf('a'));
    x.push(end);
    await tick();
    expect(got).toEqual(['chunk1:a', 'stream-end']);
    const { read } = manualRead();
    const y = createChunkBlobExpander((m) => void got.push(label(m)), read);
    y.push(blobOf('b'));
    y.close();
    y.push(end);
    await tick();
    expect(got).toHaveLength(2);
  });
  it('reads a big Blob a piece of whole parts at a time; an unreadable piece ends its streams, never a gap after', async () => {
    const enc = new TextEncoder();
    const rows: [string, string][] = [
      ['a', 'aaaa'],
      ['b', 'bbb'],
      ['a', 'AA'],
      ['b', 'BBBBBB'], // piece 2 (fails)
      ['a', 'x'], // piece 3: a was cut, b too
      ['c', 'cc'],
    ];
    const seq: Record<string, number> = {};
    const m: ChunkBlob = {
      kind: 'chunk-blob',
      blob: new Blob(rows.map((r) => r[1])),
      parts: rows.map(([streamId, text]) => ({
        streamId,
        seq: (seq[streamId] = (seq[streamId] ?? 0) + 1),
        t: 1,
        size: enc.encode(text).byteLength,
      })),
    };
    const sizes: number[] = [];
    let reads = 0;
    const got: string[] = [];
    const x = createChunkBlobExpander(
      (r) =>
        void got.push(
          r.kind === 'stream-chunk' && 'bytes' in r
            ? `${r.streamId}${r.seq}:${new TextDecoder().decode(r.bytes)}`
            : `${r.kind}:${'streamId' in r ? r.streamId : ''}`,
        ),
      (b) => {
        sizes.push(b.size);
        return ++reads === 2 ? Promise.reject(new Error('gone')) : b.arrayBuffer();
      },
      8, // bytes per piece
    );
    x.push(m);
    await tick(5);
    expect(sizes).toEqual([7, 8, 3]); // aaaa+bbb | AA+BBBBBB | x+cc: whole parts, at most 8 bytes each
    expect(got).toEqual(['a1:aaaa', 'b1:bbb', 'stream-end:a', 'stream-end:b', 'c1:cc']);
  });
});
