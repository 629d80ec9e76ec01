import { describe, expect, it } from 'vitest';
import { GAP_SHOWN_MS, MIN_GAP_MS, collapseGaps, idleGaps, isCollapsed } from './axis-gaps.js';
import type { LaneAxis } from './lane-axis.js';
import { timeAxis } from './lane-axis.test-helper.js';

describe('idle gaps on the time axis', () => {
  // Three runs of 1 s, 30 s apart.
  const runs = [
    { from: 0, to: 1000 },
    { from: 31_000, to: 32_000 },
    { from: 62_000, to: 63_000 },
  ];

  it('finds the gaps longer than the threshold between merged busy spans', () => {
    expect(idleGaps(runs)).toEqual([
      { from: 1000, to: 31_000 },
      { from: 32_000, to: 62_000 },
    ]);
    // Overlapping spans (parallel runs) merge; a short pause is no gap.
    expect(
      idleGaps([
        { from: 0, to: 500 },
        { from: 200, to: 900 },
        { from: 900 + MIN_GAP_MS - 1, to: 4000 },
      ]),
    ).toEqual([]);
  });

  it('gives each run most of the axis and keeps order, marks and the way back to real time', () => {
    const axis = collapseGaps(timeAxis(63_000), runs);
    if (!isCollapsed(axis)) throw new Error('expected collapsed gaps');
    expect(axis.end).toBe(3000 + 2 * GAP_SHOWN_MS);
    const starts = runs.map((r) => axis.at('s', 0, r.from));
    expect(starts).toEqual([0, 1000 + GAP_SHOWN_MS, 2000 + 2 * GAP_SHOWN_MS]);
    // Each run keeps its length; the gaps are marked where they now sit.
    expect(axis.at('s', 0, 32_000) - axis.at('s', 0, 31_000)).toBe(1000);
    expect(axis.gaps.map((g) => [g.at, g.realTo - g.realFrom])).toEqual([
      [1000, 30_000],
      [2000 + GAP_SHOWN_MS, 30_000],
    ]);
    // Monotonic through a gap (an event inside one still has a place).
    const inside = [1000, 5000, 20_000, 31_000].map((t) => axis.at('s', 0, t));
    expect([...inside].sort((a, b) => a - b)).toEqual(inside);
    for (const t of [0, 500, 15_000, 31_500, 62_999]) expect(axis.real(axis.place(t))).toBeCloseTo(t, 6);
  });

  it('leaves a session without gaps, or the sequence axis, as it is', () => {
    const plain = timeAxis(1000);
    expect(collapseGaps(plain, [{ from: 0, to: 1000 }])).toBe(plain);
    const seq: LaneAxis = { ...timeAxis(10), mode: 'sequence' };
    expect(collapseGaps(seq, runs)).toBe(seq);
  });
});
