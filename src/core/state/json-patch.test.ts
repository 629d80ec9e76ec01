import { describe, expect, it } from 'vitest';
import { applyJsonPatch } from './json-patch.js';

describe('applyJsonPatch', () => {
  it('patches a copy and leaves the document it was given alone', () => {
    const doc = { count: 1, items: ['a'] };
    const r = applyJsonPatch(doc, [
      { op: 'replace', path: '/count', value: 2 },
      { op: 'add', path: '/items/-', value: 'b' },
    ]);
    expect(r).toEqual({ value: { count: 2, items: ['a', 'b'] }, dropped: [] });
    expect(doc).toEqual({ count: 1, items: ['a'] });
  });

  it('says why a patch does not apply instead of throwing', () => {
    const r = applyJsonPatch({}, [{ op: 'replace', path: '/missing', value: 1 }]);
    expect('error' in r && r.error.length > 0).toBe(true);
    expect(applyJsonPatch({}, { op: 'add' })).toEqual({ error: 'the patch is not an array of operations' });
  });

  it('refuses a patch that reaches the prototype (the patch is page data)', () => {
    const r = applyJsonPatch({}, [{ op: 'add', path: '/__proto__/polluted', value: true }]);
    expect('error' in r).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
