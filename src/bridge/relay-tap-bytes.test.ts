// The relay and the tap's bytes batches (no panel watching: src/tap/blob-gather.ts `bytes`):
// split back into exact chunks, in order with everything else, kept in the buffer for a
// panel that comes later, acknowledged by their bytes, cut at the per-stream cap like any
// chunk; a batch whose parts do not add up to its bytes is refused whole.
import { describe, expect, it } from 'vitest';
import { LIMITS, type ChunkBatch, type ChunkPart, type RelayMessage } from './messages.js';
import { chunkBytes } from './chunk-bytes.js';
import { answeringTapPort, open, rawChunk, streamEnd, tick, world } from './relay-world.test-helper.js';

const enc = new TextEncoder();
const settle = (): Promise<void> => tick(5);

/** A tap-made bytes batch: the parts back to back in one buffer (at an offset, as a view may be). */
function batch(parts: [string, number, Uint8Array][], lie = 0): ChunkBatch {
  const list: ChunkPart[] = parts.map(([streamId, seq, b]) => ({ streamId, seq, t: 5, size: b.byteLength }));
  const size = list.reduce((n, p) => n + p.size, 0);
  const buf = new Uint8Array(3 + size + lie);
  let at = 3;
  for (const [, , b] of parts) {
    buf.set(b, at);
    at += b.byteLength;
  }
  return { kind: 'chunk-bytes', bytes: buf.subarray(3), parts: list };
}

const chunksOf = (got: RelayMessage[]) =>
  got.flatMap((m) =>
    m.kind === 'stream-chunk' ? [`${m.streamId}#${m.seq}:${[...(chunkBytes(m) ?? [])].join(',')}`] : [],
  );

function tapWorld(streamBytes?: number) {
  const w = world({ serialization: 'json', ...(streamBytes ? { streamBytes } : {}) });
  const { port, relay } = w.startTabRelay(1, answeringTapPort());
  return { w, port, relay };
}

describe("relay: the tap's bytes batches", () => {
  it('keeps them as exact chunks, in order with other messages, for a panel that connects later', async () => {
    const t = tapWorld();
    const bin = new Uint8Array([0xff, 0x00, 0xfe]);
    t.port.send(open('a'));
    t.port.send(open('b'));
    t.port.send(
      batch([
        ['a', 1, enc.encode('data: 1\n\n')],
        ['b', 1, bin],
        ['a', 2, enc.encode('é')],
      ]),
    );
    t.port.send(rawChunk('b', 2, enc.encode('z')));
    t.port.send(streamEnd('a', 3));
    await settle();
    const p = t.w.panel(1); // after the fact: the replay
    await settle();
    expect(
      p.got
        .filter((m) => ['stream-open', 'stream-chunk', 'stream-end'].includes(m.kind))
        .map((m) => (m.kind === 'stream-chunk' ? `${m.streamId}#${m.seq}` : m.kind)),
    ).toEqual(['stream-open', 'stream-open', 'a#1', 'b#1', 'a#2', 'b#2', 'stream-end']);
    expect(chunksOf(p.got)).toEqual([
      `a#1:${[...enc.encode('data: 1\n\n')].join(',')}`,
      'b#1:255,0,254',
      `a#2:${[...enc.encode('é')].join(',')}`,
      'b#2:122',
    ]);
    expect(t.relay.stats().rejected).toBe(0);
  });

  it('acknowledges a batch by its bytes, as the tap counted its chunks', async () => {
    const t = tapWorld();
    t.port.send(open('a'));
    const half = new Uint8Array(LIMITS.relayAckBytes / 2 + 1);
    t.port.send(batch([['a', 1, half]]));
    await settle();
    const acks = () => t.port.back.filter((m) => (m as { kind?: string }).kind === 'relay-ack');
    expect(acks()).toEqual([]);
    t.port.send(batch([['a', 2, half]]));
    await settle();
    expect(acks()).toEqual([{ kind: 'relay-ack', received: 2 * half.byteLength }]);
  });

  it('cuts a stream at its cap inside a batch, and refuses a batch whose parts do not add up', async () => {
    const t = tapWorld(4);
    const p = t.w.panel(1);
    await settle();
    t.port.send(batch([['x', 1, enc.encode('x')]], 1)); // one byte more than its parts say
    for (const id of ['a', 'b']) t.port.send(open(id));
    const parts: [string, number, Uint8Array][] = [
      ['b', 1, enc.encode('bb')],
      ['a', 1, enc.encode('aaaaa')], // a: 5 bytes > 4, cut at once
      ['b', 2, enc.encode('bb')],
      ['a', 2, enc.encode('a')], // dropped: a was cut
    ];
    t.port.send(batch(parts));
    await settle();
    expect(t.relay.stats().rejected).toBe(1);
    expect(chunksOf(p.got)).toEqual(['b#1:98,98', 'b#2:98,98']);
    const cut = p.got.filter((m) => m.kind === 'stream-end');
    expect(cut).toEqual([expect.objectContaining({ streamId: 'a', seq: 1, reason: 'capture-truncated' })]);
  });
});
