// The tap's port with the Blob path: bytes batches (transferred buffers) until the relay says
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
  return { emit, got, control, seen, run: fake.run };
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
    // No panel: chunks gather too, and leave as transferred bytes (a small batch chunk by chunk).
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
    await w.control({ kind: 'relay-blobs', on: true });
    const mb = new Uint8Array(512 * 1024);
    // 16 MB unacknowledged is the queue's bound: the 33rd half-megabyte cuts the stream.
    for (let i = 1; i <= 33; i++) w.emit(chunk(i, mb));
    w.run();
    await settle();
    const blobs = w.got.filter((m) => (m as { kind: string }).kind === 'chunk-blob') as ChunkBlob[];
    expect(blobs.reduce((n, b) => n + b.blob.size, 0)).toBe(32 * mb.byteLength);
    expect(w.got.find((m) => (m as { kind: string }).kind === 'stream-end')).toMatchObject({
      reason: 'capture-truncated',
      seq: 33,
    });
  });
});
