// The counted event index keeps only where each event starts: every start read back as
// pushed, for streams of any size and any offsets (large ones, and a start going back).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventCount, StartIndex } from './event-count.js';
import { rawEvent } from '../events/decode.js';

describe('StartIndex', () => {
  it('reads back every start pushed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.nat(300), fc.nat(100_000), fc.constant(2 ** 40), fc.integer({ min: -50, max: -1 })), {
          maxLength: 3000,
        }),
        (steps) => {
          const index = new StartIndex();
          const starts: number[] = [];
          let at = 7;
          for (const step of steps) {
            at += step;
            starts.push(at);
            index.push(at);
          }
          expect(index.length).toBe(starts.length);
          expect(Array.from({ length: starts.length }, (_, i) => index.at(i))).toEqual(starts);
          expect([index.at(-1), index.at(starts.length), index.at(0.5)]).toEqual([undefined, undefined, undefined]);
        },
      ),
      { numRuns: 60, seed: 20261203 },
    );
  });

  it('spans many blocks', () => {
    const index = new StartIndex();
    // 2-byte deltas: 200k events fill several 64 KB blocks.
    for (let i = 0; i < 200_000; i++) index.push(i * 1000);
    for (const i of [0, 127, 128, 32_767, 32_768, 65_535, 199_999]) expect(index.at(i)).toBe(i * 1000);
  });
});

describe('EventCount', () => {
  it('counts events and keeps their starts only', () => {
    const count = new EventCount();
    const raw = (i: number, start: number) =>
      rawEvent('s', i, 5, { start, end: start + 10 }, 'RUN_STARTED', { type: 'RUN_STARTED' }, []);
    count.addRaw(raw(0, 0));
    count.addRaw(raw(1, 12));
    count.addExpanded({ type: 'RUN_STARTED', payload: { type: 'RUN_STARTED' }, raw: raw(1, 12) });
    expect([count.raw.length, count.expanded.length]).toEqual([2, 1]);
    expect([count.starts.at(0), count.starts.at(1)]).toEqual([0, 12]);
    expect([count.raw.at(0), count.expanded.at(0)]).toEqual([undefined, undefined]);
    expect(() => count.addRaw(raw(5, 20))).toThrow(RangeError);
  });
});
