import { describe, expect, it } from 'vitest';
import { armAnswersUrl, originOf, urlMatches } from './replay-url.js';

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

describe('the recorded path on any origin', () => {
  const arm = { pattern: '', path: '/api/agent' };
  it('answers the same path on another origin, with any query or fragment', () => {
    expect(armAnswersUrl('https://customer.example/api/agent', arm)).toBe(true);
    expect(armAnswersUrl('http://localhost:5173/api/agent?stream=1', arm)).toBe(true);
    expect(armAnswersUrl('http://localhost:5173/api/agent#x', arm)).toBe(true);
  });
  it('does not answer another path, a longer one, or one that only contains it', () => {
    expect(armAnswersUrl('http://localhost/api/agents', arm)).toBe(false);
    expect(armAnswersUrl('http://localhost/api/agent/v2', arm)).toBe(false);
    expect(armAnswersUrl('http://localhost/proxy?to=/api/agent', arm)).toBe(false);
    expect(armAnswersUrl('http://localhost/', arm)).toBe(false);
  });
  it('with no path any URL is answered, and a pattern still applies beside a path', () => {
    expect(armAnswersUrl('http://x.test/anything', { pattern: '', path: '' })).toBe(true);
    expect(armAnswersUrl('http://x.test/api/agent', { pattern: 'https://*', path: '/api/agent' })).toBe(false);
    expect(armAnswersUrl('https://x.test/api/agent', { pattern: 'https://*', path: '/api/agent' })).toBe(true);
  });
});

describe('paths added to an arm', () => {
  it('answers the arm path and each added path exactly, nothing longer', () => {
    const arm = { pattern: '', path: '/api/copilot/agent', also: ['/agent'] };
    expect(armAnswersUrl('http://localhost:5173/agent', arm)).toBe(true);
    expect(armAnswersUrl('http://localhost:5173/api/copilot/agent', arm)).toBe(true);
    expect(armAnswersUrl('http://localhost:5173/agent/v2', arm)).toBe(false);
    expect(armAnswersUrl('http://localhost:5173/other', arm)).toBe(false);
  });
});

describe('originOf', () => {
  it('keeps scheme, host and port, and nothing of the path', () => {
    expect(originOf('https://a.test:8443/api/agent?x#y')).toBe('https://a.test:8443');
    expect(originOf('http://a.test')).toBe('http://a.test');
    expect(originOf('about:blank')).toBe('about:blank');
  });
});
