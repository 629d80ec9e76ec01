import { describe, expect, it } from 'vitest';
import { largestSnapshots, PAYLOAD_KINDS, threadWeight, type RunWeight } from './payload-budget.js';

function weight(runKey: string, requestBytes: number, snapshots: RunWeight['snapshots'], text = 0): RunWeight {
  const byKind = Object.fromEntries(PAYLOAD_KINDS.map((k) => [k, 0])) as Record<(typeof PAYLOAD_KINDS)[number], number>;
  byKind.text = text;
  byKind.stateSnapshots = snapshots.reduce((n, s) => n + s.bytes, 0);
  const bytes = byKind.text + byKind.stateSnapshots;
  return { runKey, runId: runKey, threadId: 't', events: 0, bytes, requestBytes, byType: {}, byKind, snapshots };
}

describe('threadWeight', () => {
  it('adds its runs up and gives the request growth turn by turn, a shrinking turn negative', () => {
    const runs = [weight('a', 700, [], 10), weight('b', 1373, [{ event: 1, bytes: 50 }], 5), weight('c', 1200, [])];
    const t = threadWeight('t', runs);
    expect(t).toMatchObject({ runKeys: ['a', 'b', 'c'], bytes: 65, requestBytes: 3273, requests: [700, 1373, 1200] });
    expect(t.requestGrowth).toEqual([673, -173]);
    expect(t.maxRequestGrowth).toBe(673);
    expect(t.byKind).toMatchObject({ text: 15, stateSnapshots: 50, deltas: 0 });
  });

  it('a thread of one run has no growth, and its largest growth is 0', () => {
    const t = threadWeight('t', [weight('a', 700, [])]);
    expect(t.requestGrowth).toEqual([]);
    expect(t.maxRequestGrowth).toBe(0);
  });
});

describe('largestSnapshots', () => {
  it('ranks the snapshots of every run, largest first, and keeps the run each belongs to', () => {
    const runs = [
      weight('a', 0, [
        { event: 1, bytes: 40 },
        { event: 4, bytes: 90, changedBytes: 3 },
      ]),
      weight('b', 0, [{ event: 2, bytes: 60 }]),
    ];
    expect(largestSnapshots(runs, 2)).toEqual([
      { runKey: 'a', event: 4, bytes: 90, changedBytes: 3 },
      { runKey: 'b', event: 2, bytes: 60 },
    ]);
    expect(largestSnapshots(runs, 5)).toHaveLength(3);
  });
});
