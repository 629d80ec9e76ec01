import { describe, expect, it } from 'vitest';
import { endShorten, fitLaneLabel, labelBudget, middleShorten, MIN_ID_CHARS } from './lane-label.js';

const NAME = 'get_weather_forecast';
const ID = 'call_8f3a2c9d1e7b4a60';

describe('lane labels', () => {
  it('keep both whole when they fit', () => {
    expect(fitLaneLabel(NAME, ID, 60)).toEqual({ name: NAME, id: ID });
  });

  it('shorten the id first, in the middle, keeping its end', () => {
    const budget = NAME.length + 1 + 10;
    const l = fitLaneLabel(NAME, ID, budget);
    expect(l.name).toBe(NAME);
    expect(l.id).toHaveLength(10);
    expect(l.id).toContain('…');
    expect(ID.endsWith(l.id.split('…')[1] ?? 'x')).toBe(true);
    expect(ID.startsWith(l.id.split('…')[0] ?? 'x')).toBe(true);
    expect(l.name.length + 1 + l.id.length).toBeLessThanOrEqual(budget);
  });

  it('shorten the id down to a few characters, then leave it out before cutting the name', () => {
    const atMin = fitLaneLabel(NAME, ID, NAME.length + 1 + MIN_ID_CHARS);
    expect(atMin).toEqual({ name: NAME, id: middleShorten(ID, MIN_ID_CHARS) });
    expect(fitLaneLabel(NAME, ID, NAME.length + MIN_ID_CHARS)).toEqual({ name: NAME, id: '' });
    const tight = fitLaneLabel(NAME, ID, 16);
    expect(tight.id).toBe('');
    expect(tight.name.startsWith('get_')).toBe(true);
    expect(tight.name.endsWith('…')).toBe(true);
    expect(tight.name).toHaveLength(16);
  });

  it('give the name its full length at a 1280 px wide panel’s default label column', () => {
    // Default label column 220 px: "get_weather_forecast" whole, the id shortened.
    const l = fitLaneLabel(NAME, ID, labelBudget(220, false));
    expect(l.name).toBe(NAME);
  });

  it('middle and end shortening respect the limit', () => {
    for (const max of [0, 1, 2, 5, 9]) {
      expect(middleShorten(ID, max).length).toBeLessThanOrEqual(max);
      expect(endShorten(NAME, max).length).toBeLessThanOrEqual(max);
    }
    expect(middleShorten('abc', 5)).toBe('abc');
    expect(labelBudget(300, true)).toBeLessThan(labelBudget(300, false));
  });
});
