// The tap's port is bounded by what the relay has not acknowledged: nothing is dropped
// while the relay keeps up; without a relay the page keeps at most the cap, cuts the
// stream that overflowed cleanly, and reports exactly what it dropped.
import { describe, expect, it } from 'vitest';
import { createTapAcks } from '../bridge/relay-acks.js';
import type { TapWireMessage } from '../bridge/messages.js';
import { createTapQueue, queueWeight } from './tap-queue.js';

const chunk = (streamId: string, seq: number, n: number): TapWireMessage => ({
  kind: 'stream-chunk',
  streamId,
  seq,
  t: seq,
  bytes: new Uint8Array(n),
});
const end = (streamId: string, seq: number): TapWireMessage => ({
  kind: 'stream-end',
  streamId,
  seq,
  t: seq,
  reason: 'complete',
});
const deps = { cap: 1000, docId: 'doc', now: () => 5, byteLength: (b: Uint8Array) => b.byteLength };

describe('tap queue', () => {
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

  it('without a relay: keeps at most the cap, cuts the overflowing stream and reports exact totals', () => {
    const q = createTapQueue(deps);
    const out = (m: TapWireMessage) => q.pass(m).map((x) => x.kind);
    expect(out({ kind: 'tap-ready', frameId: 'f', frameUrl: 'u', top: true, t: 0 })).toEqual(['tap-ready']);
    for (let i = 1; i <= 4; i++) expect(out(chunk('a', i, 250))).toEqual(['stream-chunk']); // 1000 waiting
    const cutAt = q.pass(chunk('a', 5, 10));
    expect(cutAt).toEqual([
      expect.objectContaining({ kind: 'stream-end', streamId: 'a', reason: 'capture-truncated' }),
      { kind: 'tap-dropped', frameId: 'doc', messages: 1, bytes: 10, t: 5 },
    ]);
    expect(out(chunk('a', 6, 20))).toEqual([]);
    // Another stream, still no room: cut too, and the report carries the running totals.
    expect(q.pass(chunk('b', 1, 30))[1]).toEqual({ kind: 'tap-dropped', frameId: 'doc', messages: 3, bytes: 60, t: 5 });
    expect(out(chunk('b', 2, 40))).toEqual([]);
    // The streams' own ends: nothing of them goes out but counts not yet reported.
    expect(q.pass(end('a', 7))).toEqual([{ kind: 'tap-dropped', frameId: 'doc', messages: 4, bytes: 100, t: 5 }]);
    expect(q.pass(end('b', 3))).toEqual([]);
    // A stream that starts once the relay has caught up flows again.
    q.ack(1000);
    expect(out(chunk('c', 1, 900))).toEqual(['stream-chunk']);
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
});
