import { describe, expect, it } from 'vitest';
import { distinguishingParts } from '../../core/labels/distinguishing-part.js';
import type { LabelFonts } from '../../core/labels/fit-label.js';
import { fitCallLabel, fitLaneLabel, keptOfNames, LABEL_GAP_PX, labelRoom, NAME_JOIN } from './lane-label.js';

// The id font is monospace and wider per character than the name's: what the old
// characters-times-6.4 estimate got wrong.
const fonts: LabelFonts = { name: (t) => [...t].length * 6.6, id: (t) => [...t].length * 6.8 };
const NAME = 'get_weather';
const IDS = [
  'f96ee3a1-5b2c-4d6e-9f10-dd61c-call-0',
  'f96ee3a1-5b2c-4d6e-9f10-dd61c-call-1',
  'f96ee3a1-5b2c-4d6e-9f10-dd61c-call-2',
];
const parts = distinguishingParts(IDS);

describe('lane labels', () => {
  it('tell three parallel calls apart at every column width from 120 px up', () => {
    for (let column = 120; column <= 400; column += 20) {
      const shown = IDS.map((id) => {
        const part = parts.get(id);
        if (!part) throw new Error('no part');
        const l = fitLaneLabel(NAME, id, part, column, false, fonts);
        const drawn = fonts.name(l.name) + LABEL_GAP_PX + fonts.id(l.id);
        expect(drawn).toBeLessThanOrEqual(labelRoom(column, false, fonts));
        return `${l.name} ${l.id}`;
      });
      expect(new Set(shown).size).toBe(3);
    }
  });

  it('leave less room beside a frontend badge', () => {
    expect(labelRoom(300, true, fonts)).toBeLessThan(labelRoom(300, false, fonts));
    expect(labelRoom(0, true, fonts)).toBe(0);
  });

  it("keep a frontend call's tool name whole by shortening its badge first", () => {
    const id = 'a2d94c3e-8f17-4b60-9e25-5c0b7d3f1e84';
    const part = distinguishingParts([id]).get(id);
    if (!part) throw new Error('no part');
    let compactSeen = false;
    for (let column = 120; column <= 320; column += 10) {
      const l = fitCallLabel('confirm_booking', id, part, column, true, true, fonts);
      // The whole word only while the name is whole beside it.
      if (l.badge === true) expect(l.name).toBe('confirm_booking');
      // The name is cut only when it does not fit even beside the short tag.
      if (l.name !== 'confirm_booking') {
        expect(l.badge).toBe('compact');
        expect(fonts.name('confirm_booking')).toBeGreaterThan(labelRoom(column, 'compact', fonts));
      }
      if (l.badge === 'compact' && l.name === 'confirm_booking') compactSeen = true;
    }
    // Some column (the 150 px of a 500 px panel) needs the short tag to keep the name whole.
    expect(compactSeen).toBe(true);
    expect(fitCallLabel('confirm_booking', id, part, 150, true, true, fonts).name).toBe('confirm_booking');
    expect(fitCallLabel('get_weather', id, part, 150, false, true, fonts).badge).toBe(false);
  });
});

describe('a shortened label keeps what the user looks for', () => {
  const id = 'a2d94c3e-8f17-4b60-9e25-5c0b7d3f1e84';
  const part = distinguishingParts([id]).get(id);
  const names = ['lookup_order', 'cancel_order'];
  const joined = names.join(NAME_JOIN);
  it('keeps the newest name of a reopened call, the older one cut before it', () => {
    if (!part) throw new Error('no part');
    const l = fitCallLabel(joined, id, part, 150, false, true, fonts, keptOfNames(names, []));
    expect(l.name).not.toBe(joined);
    expect(l.name.startsWith('…')).toBe(true);
    expect(l.name.endsWith('cancel_order')).toBe(true);
    expect(fonts.name(l.name)).toBeLessThanOrEqual(labelRoom(150, false, fonts));
  });
  it("keeps the filter's match, even when it is the older name", () => {
    if (!part) throw new Error('no part');
    const match = { start: 0, end: 'lookup'.length };
    const l = fitCallLabel(joined, id, part, 140, false, true, fonts, keptOfNames(names, [match]));
    expect(l.name).toContain('lookup');
    expect(l.name.endsWith('…')).toBe(true);
  });
  it('cuts at the end as before when nothing is to be kept', () => {
    if (!part) throw new Error('no part');
    expect(keptOfNames(['get_weather_for_a_long_city_name'], [])).toBeUndefined();
  });
});
