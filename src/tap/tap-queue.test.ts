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

  it('lets chunks bound for a Blob wait up to the Blob bound, and anything else only under the cap', () => {
    const q = createTapQueue({ ...deps, blobCap: 3000 });
    const out = (m: TapWireMessage, intoBlob: boolean) => q.pass(m, intoBlob).map((x) => x.kind);
    for (let i = 1; i <= 5; i++) expect(out(chunk('blob', i, 500), true)).toEqual(['stream-chunk']); // 2500 waiting
    // Over the cap already: a chunk that stays bytes is cut, a Blob's chunk still fits.
    expect(out(chunk('bytes', 1, 10), false)).toEqual(['stream-end', 'tap-dropped']);
    expect(out(chunk('blob', 6, 500), true)).toEqual(['stream-chunk']); // 3000: the Blob bound, reached
    expect(out(chunk('blob', 7, 1), true)).toEqual(['stream-end', 'tap-dropped']);
    q.ack(2500);
    expect(out(chunk('other', 1, 500), false)).toEqual(['stream-chunk']); // 1000 waiting
  });
});
