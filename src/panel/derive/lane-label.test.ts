import { describe, expect, it } from 'vitest';
import { distinguishingParts } from '../../core/labels/distinguishing-part.js';
import type { LabelFonts } from '../../core/labels/fit-label.js';
import { fitLaneLabel, LABEL_GAP_PX, labelRoom } from './lane-label.js';

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
});
