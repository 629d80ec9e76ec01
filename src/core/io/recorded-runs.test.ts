import { describe, expect, it } from 'vitest';
import { defaultPattern, type RecordedRun } from './recorded-runs.js';

const runAt = (url: string) => ({ url }) as RecordedRun;

describe('defaultPattern', () => {
  it('matches the recorded path with or without a query (an EventSource sends one)', () => {
    expect(defaultPattern([runAt('http://127.0.0.1:4000/events?scenario=eventsource')])).toBe('**/events{,?**}');
  });

  it('escapes the glob characters a path may hold', () => {
    expect(defaultPattern([runAt('http://h/a,b/[x]')])).toBe('**/a\\,b/\\[x\\]{,?**}');
  });

  it('routes every URL when the runs hit different paths or have no URL', () => {
    expect(defaultPattern([runAt('http://h/a'), runAt('http://h/b')])).toBe('**/*');
    expect(defaultPattern([runAt('body.sse')])).toBe('**/*');
  });
});
