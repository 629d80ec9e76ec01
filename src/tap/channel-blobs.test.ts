// The tap's port with the Blob path: while nothing watches the tab, chunks are held and leave
// only before the tap's next other message or when something starts watching, and a stream too
// big for the hold is cut; once watched, bytes batches (transferred buffers) until the relay says
// a panel watches (relay-blobs on), then Blob batches in order with everything else; bytes
// batches again after "off"; the queue counts a Blob's chunks as the relay acknowledges them.
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS, type ChunkBatch, type ChunkBlob, type TapWireMessage } from '../bridge/messages.js';
import { createChannelEmitter } from './channel.js';
import { fakeGatherNatives } from './gather-world.test-helper.js';
import { tick } from '../../test/tick.test-helper.js';

const enc = new TextEncoder();
let closeAll: (() => void) | undefined;
afterEach(() => closeAll?.());

function channelWorld() {
  const seen = { visibilityReads: 0, visibility: 'visible' };
  const fake = fakeGatherNatives(() => (seen.visibilityReads++, seen.visibility));
  let relayEnd: MessagePort | undefined;
  const got: unknown[] = [];
  const emit = createChannelEmitter({
    MessageChannel,
    MessagePort,
    Function,
    crypto: globalThis.crypto,
    Object,
    Date,
    MessageEvent,
    ...fake.natives,
    postMessage: (_m: unknown, _o: string, t?: Transferable[]) => void (relayEnd = t?.[0] as MessagePort),
  });
  const port = relayEnd as unknown as MessagePort;
  port.onmessage = (e) => void got.push(e.data);
  closeAll = () => port.close();
  /** The relay's side of the port answers after a round trip. */
  const control = async (m: unknown): Promise<void> => {
    port.postMessage(m);
    await settle();
  };
  /** The relay's word on whether anything watches the tab (until then the tap holds its chunks). */
  const watch = (live: boolean, holdBytes: number = LIMITS.holdBytesIdle): Promise<void> =>
    control({ kind: 'relay-watch', live, holdBytes });
  return { emit, got, control, watch, seen, run: fake.run };
}

const settle = (): Promise<void> => tick(5);
const chunk = (seq: number, bytes: Uint8Array): TapWireMessage => ({
  kind: 'stream-chunk',
  streamId: 's',
  seq,
  t: seq,
  bytes,
});
const kinds = (got: unknown[]) => got.map((m) => (m as { kind: string }).kind);

describe('the tap port with the Blob path', () => {
  it('gathers bytes batches until told, then Blob batches in order with other messages, then bytes batches again after off', async () => {
    const w = channelWorld();
    await w.watch(true);
    // Watched, but no Blobs yet (DevTools open, ports that do not structure-clone): chunks gather
    // too, and leave as transferred bytes (a small batch chunk by chunk).
    expect(w.emit.gathering()).toBe(true);
    w.emit(chunk(1, enc.encode('one')));
    await w.control({ kind: 'relay-blobs', on: true });
    expect(w.emit.gathering()).toBe(true);
    // Past the size under which a batch goes chunk by chunk.
    const three = enc.encode('three'.padEnd(LIMITS.chunkBlobMinBytes, '.'));
    const five = 'five'.padEnd(LIMITS.chunkBlobMinBytes + 1, '.');
    w.emit(chunk(2, new Uint8Array([0xff, 0xfe])));
    w.emit(chunk(3, three));
    w.emit({ kind: 'stream-end', streamId: 's', seq: 4, t: 4, reason: 'complete' }); // the batch goes first
    w.emit(chunk(5, enc.encode(five)));
    w.run(); // its deadline
    await w.control({ kind: 'relay-blobs', on: false });
    expect(w.emit.gathering()).toBe(true);
    w.emit(chunk(6, enc.encode('six')));
    w.emit(chunk(7, three));
    w.run();
    await settle();
    expect(kinds(w.got)).toEqual(['stream-chunk', 'chunk-blob', 'stream-end', 'chunk-blob', 'chunk-bytes']);
    expect([...(w.got[0] as { bytes: Uint8Array }).bytes]).toEqual([...enc.encode('one')]);
    const first = w.got[1] as ChunkBlob;
    expect(first.parts.map((p) => [p.seq, p.size])).toEqual([
      [2, 2],
      [3, three.length],
    ]);
    expect([...new Uint8Array(await first.blob.arrayBuffer())]).toEqual([0xff, 0xfe, ...three]);
    expect(await (w.got[3] as ChunkBlob).blob.text()).toBe(five);
    const last = w.got[4] as ChunkBatch;
    expect(last.parts.map((p) => [p.seq, p.size])).toEqual([
      [6, 3],
      [7, three.length],
    ]);
    expect([...last.bytes]).toEqual([...enc.encode('six'), ...three]);
  });

  it('asks the document for its visibility once per batch, not once per chunk', async () => {
    const w = channelWorld();
    await w.watch(true);
    await w.control({ kind: 'relay-blobs', on: true });
    const reads = w.seen.visibilityReads;
    for (let i = 1; i <= 50; i++) {
      expect(w.emit.gathering()).toBe(true);
      w.emit(chunk(i, enc.encode(`c${i}`)));
    }
    // For the first chunk only (asked here, by the port, and when its deadline is set):
    // asked per chunk it would be 100 or more.
    expect(w.seen.visibilityReads - reads).toBeLessThanOrEqual(3);
    w.run();
    await settle();
    const blobs = w.got.filter((m) => (m as { kind: string }).kind === 'chunk-blob') as ChunkBlob[];
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.parts.map((p) => p.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // With no batch waiting, a hidden document is asked again and chunks go as bytes.
    w.seen.visibility = 'hidden';
    expect(w.emit.gathering()).toBe(false);
    w.emit(chunk(51, enc.encode('c51')));
    await settle();
    expect(kinds(w.got).at(-1)).toBe('stream-chunk');
  });

  it("counts a Blob's chunks on the queue: what the relay has not acknowledged still bounds it", async () => {
    const w = channelWorld();
    await w.watch(true);
    await w.control({ kind: 'relay-blobs', on: true });
    const half = new Uint8Array(LIMITS.chunkBytes);
    // Blobs may keep the Blob bound unacknowledged (their bytes are the browser's, not the
    // page's): the chunk past it cuts the stream.
    const fit = LIMITS.tapBlobQueueBytes / half.byteLength;
    expect(fit).toBeGreaterThan(LIMITS.tapQueueBytes / half.byteLength);
    for (let i = 1; i <= fit + 1; i++) w.emit(chunk(i, half));
    w.run();
    await settle();
    const blobs = w.got.filter((m) => (m as { kind: string }).kind === 'chunk-blob') as ChunkBlob[];
    expect(blobs.reduce((n, b) => n + b.blob.size, 0)).toBe(LIMITS.tapBlobQueueBytes);
    expect(w.got.find((m) => (m as { kind: string }).kind === 'stream-end')).toMatchObject({
      reason: 'capture-truncated',
      seq: fit + 1,
    });
  });

  it('keeps what waits in the page itself under the smaller bound while Blobs wait beyond it', async () => {
    const w = channelWorld();
    await w.watch(true);
    await w.control({ kind: 'relay-blobs', on: true });
    const half = new Uint8Array(LIMITS.chunkBytes);
    const over = LIMITS.tapQueueBytes / half.byteLength + 4; // 2 MB past the smaller bound
    for (let i = 1; i <= over; i++) w.emit(chunk(i, half));
    // An EventSource message is a string in the page's memory until the relay takes it: cut.
    w.emit({ kind: 'stream-message', streamId: 'es', seq: 1, t: 1, event: 'message', data: 'x', lastEventId: '' });
    // The Blob-bound stream goes on.
    w.emit(chunk(over + 1, half));
    w.run();
    await settle();
    const ends = w.got.filter((m) => (m as { kind: string }).kind === 'stream-end');
    expect(ends).toEqual([expect.objectContaining({ streamId: 'es', reason: 'capture-truncated' })]);
    expect(w.got.some((m) => (m as { kind: string }).kind === 'stream-message')).toBe(false);
    const blobs = w.got.filter((m) => (m as { kind: string }).kind === 'chunk-blob') as ChunkBlob[];
    expect(blobs.reduce((n, b) => n + b.blob.size, 0)).toBe((over + 1) * half.byteLength);
    // Once the relay has taken it all, the message passes.
    await w.control({ kind: 'relay-ack', received: (over + 1) * half.byteLength });
    w.emit({ kind: 'stream-message', streamId: 'es2', seq: 1, t: 2, event: 'message', data: 'y', lastEventId: '' });
    await settle();
    expect(w.got.at(-1)).toMatchObject({ kind: 'stream-message', streamId: 'es2', data: 'y' });
  });
});

describe('the tap port while nothing watches the tab (the hold)', () => {
  const of = (got: unknown[], kind: string) => got.filter((m) => (m as { kind: string }).kind === kind);
  const chunkOf = (streamId: string, seq: number, bytes: Uint8Array): TapWireMessage => ({
    kind: 'stream-chunk',
    streamId,
    seq,
    t: seq,
    bytes,
  });
  /** Every chunk that left, as `stream#seq:first byte x size`, in order. */
  const left = (got: unknown[]): string[] =>
    got.flatMap((m) => {
      const x = m as { kind: string; streamId?: string; seq?: number; bytes: Uint8Array; parts?: ChunkBatch['parts'] };
      if (x.kind === 'stream-chunk') return [`${x.streamId}#${x.seq}:${x.bytes[0]}x${x.bytes.byteLength}`];
      if (x.kind !== 'chunk-bytes' || !x.parts) return [];
      let at = 0;
      return x.parts.map((p) => {
        const first = x.bytes[at];
        at += p.size;
        return `${p.streamId}#${p.seq}:${first}x${p.size}`;
      });
    });
  const filled = (n: number, v: number) => new Uint8Array(n).fill(v);

  it('sends nothing while it holds, even in a hidden document; the next other message goes after the held chunks', async () => {
    const w = channelWorld();
    w.seen.visibility = 'hidden'; // nothing waits for a deadline: the hold gathers in a hidden page too
    expect(w.emit.gathering()).toBe(true);
    const big = filled(LIMITS.chunkBlobMinBytes, 7);
    w.emit(chunkOf('a', 1, big));
    w.emit(chunkOf('a', 2, filled(3, 8)));
    w.run();
    await settle();
    expect(w.got).toEqual([]);
    w.emit({ kind: 'stream-end', streamId: 'a', seq: 3, t: 3, reason: 'complete' });
    await settle();
    expect(kinds(w.got)).toEqual(['chunk-bytes', 'stream-end']);
    expect(left(w.got)).toEqual([`a#1:7x${big.length}`, 'a#2:8x3']);
  });

  it('lets the held chunks go at once when something starts watching, then gathers as usual', async () => {
    const w = channelWorld();
    w.emit(chunkOf('a', 1, filled(5, 1)));
    await settle();
    expect(w.got).toEqual([]);
    await w.watch(true);
    expect(left(w.got)).toEqual(['a#1:1x5']);
    w.emit(chunkOf('a', 2, filled(5, 2)));
    w.run(); // the watched path's deadline
    await settle();
    expect(left(w.got)).toEqual(['a#1:1x5', 'a#2:2x5']);
    // Nothing watches again: held until the next other message.
    await w.watch(false);
    w.emit(chunkOf('a', 3, filled(5, 3)));
    w.run();
    await settle();
    expect(left(w.got)).toHaveLength(2);
    w.emit({ kind: 'stream-end', streamId: 'a', seq: 4, t: 4, reason: 'complete' });
    await settle();
    expect(left(w.got)).toEqual(['a#1:1x5', 'a#2:2x5', 'a#3:3x5']);
  });

  it('cuts the stream holding the most when the hold is full: ended with the reason, counted, the rest of it never copied', async () => {
    const w = channelWorld();
    const cap = LIMITS.chunkBytes * 2; // the smallest hold the tap accepts from the relay is one chunk
    await w.watch(false, cap);
    const half = LIMITS.chunkBytes / 2;
    w.emit(chunkOf('small', 1, filled(1000, 1)));
    for (let i = 1; i <= 4; i++) w.emit(chunkOf('big', i, filled(half, 10 + i))); // 4 halves fill it: the 4th cuts
    await settle();
    const end = of(w.got, 'stream-end')[0];
    expect(end).toMatchObject({ streamId: 'big', seq: 4, reason: 'capture-truncated' });
    expect((end as { error: string }).error).toMatch(/DevTools was closed.*at most 1 MB/);
    expect(of(w.got, 'tap-dropped')).toEqual([expect.objectContaining({ messages: 4, bytes: 4 * half })]);
    // 40 MB more of it: dropped by the queue (never copied, never counted as waiting for the relay).
    for (let i = 5; i <= 84; i++) w.emit(chunkOf('big', i, filled(half, 0)));
    w.emit(chunkOf('small', 2, filled(1000, 2)));
    w.emit({ kind: 'stream-end', streamId: 'small', seq: 3, t: 3, reason: 'complete' });
    w.emit({ kind: 'stream-end', streamId: 'big', seq: 85, t: 85, reason: 'complete' });
    await settle();
    // The small stream whole and in order; the big one's own end swallowed, its final count reported.
    expect(left(w.got)).toEqual(['small#1:1x1000', 'small#2:2x1000']);
    expect(of(w.got, 'stream-end').map((m) => (m as { streamId: string }).streamId)).toEqual(['big', 'small']);
    expect(of(w.got, 'tap-dropped').at(-1)).toMatchObject({ messages: 84, bytes: 84 * half });
    expect(w.got.some((m) => /queue/.test(String((m as { error?: string }).error)))).toBe(false);
  });
});
