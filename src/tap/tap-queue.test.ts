// The tap's port is bounded by what the relay has not acknowledged: nothing is dropped
// while the relay keeps up; without a relay the page keeps at most the cap, cuts the
// stream that overflowed cleanly, and reports exactly what it dropped.
import { describe, expect, it } from 'vitest';
import { chunk, end, queueDeps } from './tap-queue.test-helper.js';
import type { TapWireMessage } from '../bridge/messages.js';
import { createTapQueue } from './tap-queue.js';

const deps = queueDeps;

describe('tap queue', () => {
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
});
