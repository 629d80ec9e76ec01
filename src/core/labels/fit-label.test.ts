import { describe, expect, it } from 'vitest';
import { distinguishingParts } from './distinguishing-part.js';
import { fitEnd, fitLabel, type LabelFonts } from './fit-label.js';

// A proportional-ish name font and a wider monospace id font, as the panel draws them.
const fonts: LabelFonts = {
  name: (t) => [...t].reduce((w, c) => w + (c === 'i' || c === 'l' ? 3 : c === 'w' || c === 'm' ? 9 : 6), 0),
  id: (t) => [...t].length * 7.2,
};
const width = (l: { name: string; id: string }): number => fonts.name(l.name) + 4 + fonts.id(l.id);

const ids = ['f96ee2b1-4c2e-4f7a-dd61c-call-1', 'f96ee2b1-4c2e-4f7a-dd61c-call-2', 'f96ee2b1-4c2e-4f7a-dd61c-call-3'];
const parts = distinguishingParts(ids);

describe('fitLabel', () => {
  it('shows name and id whole when they fit', () => {
    expect(fitLabel('get_weather', 'c1', { text: 'c1', side: 'whole', kept: 'c1' }, 200, fonts, 4)).toEqual({
      name: 'get_weather',
      id: 'c1',
    });
  });

  it('keeps the name whole and the distinguishing end of each sibling id, within the width', () => {
    for (const w of [160, 200, 260]) {
      const shown = ids.map((id) => {
        const part = parts.get(id);
        if (!part) throw new Error('no part');
        const l = fitLabel('get_weather', id, part, w, fonts, 4);
        expect(width(l)).toBeLessThanOrEqual(w);
        expect(l.name).toBe('get_weather');
        expect(l.id.endsWith(part.kept)).toBe(true);
        return l.id;
      });
      expect(new Set(shown).size).toBe(3);
    }
  });

  it('cuts the name at its end before giving up the distinguishing part', () => {
    const part = parts.get(ids[2] ?? '');
    if (!part) throw new Error('no part');
    const l = fitLabel('search_the_knowledge_base_for_documents', ids[2] ?? '', part, 120, fonts, 4);
    expect(l.id).toBe(part.text);
    expect(l.name.endsWith('…')).toBe(true);
    expect(l.name.length).toBeGreaterThan(3);
    expect(width(l)).toBeLessThanOrEqual(120);
  });

  it('fitEnd cuts at the end only when needed', () => {
    expect(fitEnd('short', 100, fonts.id)).toBe('short');
    const cut = fitEnd('a-much-longer-text', 60, fonts.id);
    expect(cut.endsWith('…')).toBe(true);
    expect(fonts.id(cut)).toBeLessThanOrEqual(60);
  });
});
