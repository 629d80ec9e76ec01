import { describe, expect, it } from 'vitest';
import { urlMatches } from './replay-url.js';

describe('url pattern', () => {
  it('matches substrings without a star and globs with one', () => {
    expect(urlMatches('http://a.test/api/agent', '')).toBe(true);
    expect(urlMatches('http://a.test/api/agent', '/api/')).toBe(true);
    expect(urlMatches('http://a.test/api/agent', '/other')).toBe(false);
    expect(urlMatches('http://a.test/api/agent', 'http://*/agent')).toBe(true);
    expect(urlMatches('http://a.test/api/agent?x', 'http://*/agent')).toBe(false);
    expect(urlMatches('http://a.test/api/agent', '*api*')).toBe(true);
    expect(urlMatches('http://a.test/x', 'https://*')).toBe(false);
  });
});
