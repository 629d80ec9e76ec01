// The bench's round orders (bench/crossover.ts): each a permutation, every setup at every place
// equally often, and every ordered pair of setups adjacent equally often.
import { describe, expect, it } from 'vitest';
import { williamsOrders } from '../../bench/crossover.js';

describe('williamsOrders', () => {
  for (const n of [2, 4, 5, 6, 7]) {
    it(`balances places and predecessors for ${n} setups`, () => {
      const rows = williamsOrders(n);
      expect(rows).toHaveLength(n % 2 === 0 ? n : 2 * n);
      for (const row of rows) expect([...row].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      const places = new Map<string, number>();
      const pairs = new Map<string, number>();
      for (const row of rows)
        row.forEach((x, at) => {
          places.set(`${x}@${at}`, (places.get(`${x}@${at}`) ?? 0) + 1);
          if (at > 0) pairs.set(`${row[at - 1]}>${x}`, (pairs.get(`${row[at - 1]}>${x}`) ?? 0) + 1);
        });
      expect(places.size).toBe(n * n);
      expect(new Set(places.values()).size).toBe(1);
      expect(pairs.size).toBe(n * (n - 1));
      expect(new Set(pairs.values()).size).toBe(1);
    });
  }
});
