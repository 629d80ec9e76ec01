import { describe, expect, it } from 'vitest';
import { timingFigures, timingLine } from './run-timing.js';

describe('timing figures of a file without per-event timing', () => {
  it('a HAR whose timings give the time to headers: that figure, and the rest it cannot tell', () => {
    const har = { timed: false, headersMs: 140, ended: true, keepAlives: [] };
    expect(timingFigures(har)).toEqual([['to headers', '140 ms']]);
    expect(timingLine(har)).toBe('to headers 140 ms · no per-event timing in this file');
  });

  it('a bare body: no figure at all', () => {
    const bare = { timed: false, ended: true, keepAlives: [] };
    expect(timingFigures(bare)).toEqual([]);
    expect(timingLine(bare)).toBe('no per-event timing in this file');
  });
});
