import { describe, expect, it } from 'vitest';
import { loadFile } from './load-file.js';

const har = (entries: unknown[]): Uint8Array =>
  new TextEncoder().encode(JSON.stringify({ log: { version: '1.2', entries } }));

const entry = (url: string, extra: Record<string, unknown>, text?: string, status = 200): unknown => ({
  startedDateTime: '2025-01-01T00:00:05.000Z',
  time: 42,
  request: { method: url.includes('events') ? 'GET' : 'POST', url, headers: [] },
  response: { status, headers: [], content: { mimeType: 'text/event-stream', ...(text ? { text } : {}) } },
  ...extra,
});

describe('HAR import: event-stream requests without a body', () => {
  it('lists each with why its body is missing, next to the streams that have one', () => {
    const r = loadFile(
      'gaps.har',
      har([
        entry('http://x/agent', {}, 'data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n'),
        entry('http://x/events?token=secret', { _resourceType: 'eventsource' }),
        entry('http://x/agent?cut', { _error: 'net::ERR_ABORTED' }, undefined, 0),
        entry('http://x/agent?big', { _resourceType: 'fetch' }),
      ]),
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.captures).toHaveLength(1);
    expect(r.bodiless?.map((b) => [b.method, b.reason, b.error])).toEqual([
      ['GET', 'eventsource', undefined],
      ['POST', 'cut-off', 'net::ERR_ABORTED'],
      ['POST', 'not-saved', undefined],
    ]);
    expect(r.bodiless?.[0]?.startedAt).toBe(Date.parse('2025-01-01T00:00:05.000Z'));
    expect(r.bodiless?.[0]?.durationMs).toBe(42);
    // Credentials in the URL never get in, body or not.
    expect(JSON.stringify(r.bodiless)).not.toContain('secret');
  });

  it('has no list when every stream has its body', () => {
    const r = loadFile('full.har', har([entry('http://x/agent', {}, 'data: {}\n\n')]));
    expect(r.ok && r.bodiless).toBeUndefined();
  });
});
