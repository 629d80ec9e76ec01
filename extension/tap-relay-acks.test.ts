// The relay's acknowledgements and the tap's bounded queue together: both sides weigh
// messages alike, and a relay that keeps up means nothing is ever dropped.
import { describe, expect, it } from 'vitest';
import { chunk, end, queueDeps } from '../src/tap/tap-queue.test-helper.js';
import { createTapQueue, queueWeight } from '../src/tap/tap-queue.js';
import type { TapWireMessage } from '../src/bridge/messages.js';
import { createTapAcks } from '../src/bridge/relay-acks.js';
const deps = queueDeps;

describe('relay acks and the tap queue', () => {
  it('with a relay taking and acknowledging everything, drops nothing however much flows', () => {
    const q = createTapQueue(deps);
    const acks = createTapAcks((a) => q.ack(a.received), 300);
    const sent: TapWireMessage[] = [];
    for (let i = 1; i <= 100; i++) {
      for (const m of q.pass(chunk('s', i, 250))) {
        sent.push(m);
        acks.took(m); // the relay takes it off the port
      }
    }
    expect(sent).toHaveLength(100);
    expect(sent.every((m) => m.kind === 'stream-chunk')).toBe(true);
  });

  it('weighs messages as the relay counts them', () => {
    const msgs: TapWireMessage[] = [
      chunk('s', 1, 123),
      { kind: 'stream-message', streamId: 's', seq: 2, t: 0, event: 'm', data: 'abcd', lastEventId: '' },
      end('s', 3),
    ];
    const seen: number[] = [];
    const acks = createTapAcks((a) => seen.push(a.received), 1);
    for (const m of msgs) acks.took(m);
    expect(seen).toEqual([123, 127]);
    expect(msgs.map((m) => queueWeight(m, (b) => b.byteLength))).toEqual([123, 4, 0]);
  });

  it("weighs the tap's Blob batch as the chunks the tap's queue counted: their bytes together", () => {
    const q = createTapQueue(deps);
    const passed = [chunk('s', 1, 300), chunk('s', 2, 200)].flatMap((m) => q.pass(m));
    const blob = new Blob(passed.map((m) => (m.kind === 'stream-chunk' ? m.bytes : new Uint8Array(0)) as BlobPart));
    const parts = [1, 2].map((seq, i) => ({ streamId: 's', seq, t: seq, size: i === 0 ? 300 : 200 }));
    const seen: number[] = [];
    createTapAcks((a) => seen.push(a.received), 1).took({ kind: 'chunk-blob', blob, parts });
    expect(seen).toEqual([500]);
    q.ack(500); // all of it: the queue has room for a whole cap again
    expect(q.pass(chunk('s', 3, 1000)).map((m) => m.kind)).toEqual(['stream-chunk']);
  });
});
