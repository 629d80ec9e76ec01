// The bench's confidence interval for a median (bench/paired.ts), against exact binomial
// coverage worked out independently and a simulation.
import { describe, expect, it } from 'vitest';
import { medianCi } from '../../bench/paired.js';

const ranks = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

/** Exact coverage of the interval [x(k), x(n+1-k)] for a continuous distribution's median. */
function coverage(n: number, k: number): number {
  let choose = 1; // C(n, 0)
  let below = 0;
  for (let i = 0; i < k; i++) {
    below += choose / 2 ** n;
    choose = (choose * (n - i)) / (i + 1);
  }
  return 1 - 2 * below;
}

describe('medianCi', () => {
  it('picks the textbook order statistics for 95 %', () => {
    // Tables of the sign-test interval: n = 21 → ranks 6 and 16; n = 41 → 14 and 28; n = 6 → 1 and 6.
    expect(medianCi(ranks(21))).toEqual({ lo: 6, hi: 16 });
    expect(medianCi(ranks(41))).toEqual({ lo: 14, hi: 28 });
    expect(medianCi(ranks(6))).toEqual({ lo: 1, hi: 6 });
    expect(medianCi(ranks(5))).toBeUndefined();
  });

  it('covers at least the level, and one rank further in would not', () => {
    for (const n of [6, 10, 21, 41, 84]) {
      const ci = medianCi(ranks(n)) as { lo: number; hi: number };
      expect(coverage(n, ci.lo)).toBeGreaterThanOrEqual(0.95);
      expect(coverage(n, ci.lo + 1)).toBeLessThan(0.95);
      expect(ci.hi).toBe(n + 1 - ci.lo);
    }
  });

  it('contains the true median about 95 % of the time on simulated rounds', () => {
    let seed = 42;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let hits = 0;
    const trials = 2000;
    for (let t = 0; t < trials; t++) {
      const xs = Array.from({ length: 21 }, () => 1 + (random() - 0.5) * 0.3); // median 1
      const ci = medianCi(xs) as { lo: number; hi: number };
      if (ci.lo <= 1 && 1 <= ci.hi) hits++;
    }
    expect(hits / trials).toBeGreaterThan(0.93);
    expect(hits / trials).toBeLessThan(0.99);
  });
});
