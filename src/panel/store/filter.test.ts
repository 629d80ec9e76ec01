import { describe, expect, it } from 'vitest';
import { matchesFilter, parseFilter } from './filter.js';

describe('filter language', () => {
  it('ANDs terms, negates with -, matches /regex/ case-insensitively', () => {
    const f = parseFilter('search -web /^call-\\d+$/');
    expect(matchesFilter(f, ['search_docs', 'call-12'])).toBe(true);
    expect(matchesFilter(f, ['search_web', 'call-12'])).toBe(false);
    expect(matchesFilter(f, ['search_docs', 'call-x'])).toBe(false);
    expect(matchesFilter(parseFilter('SEARCH'), ['search_docs'])).toBe(true);
  });

  it('treats an invalid regex as text and reports it, never throws', () => {
    const f = parseFilter('/[/');
    expect(f.invalid).toEqual(['/[/']);
    expect(matchesFilter(f, ['a /[/ b'])).toBe(true);
    expect(matchesFilter(f, ['nothing'])).toBe(false);
  });

  it('an empty filter matches everything', () => {
    expect(matchesFilter(parseFilter('   '), [])).toBe(true);
  });
});
