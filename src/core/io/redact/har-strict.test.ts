// Strict redaction of a HAR masks every field that can carry a secret (issue: header and
// cookie names, statusText, timings.comment, page ids, MIME parameters, Accept values, the
// URL's host and last segment, redirectURL), and the copy lints as the original does.
import { describe, expect, it } from 'vitest';
import { sseHarEntry } from '../../../../test/har-entry.test-helper.js';
import { redactFile } from './redact-file.js';
import { lintKeys, survivors } from './redact.test-helper.js';

const SECRETS = [
  'SECRETHOST',
  'SECRETLAST',
  'SECRETRHOST',
  'SECRETRLAST',
  'SECRETHNAME',
  'SECRETCNAME',
  'SECRETSTATUS',
  'SECRETCOMMENT',
  'SECRETPAGE',
  'SECRETPTCOMMENT',
  'SECRETBOUNDARY',
  'SECRETCHARSET',
  'SECRETACCEPT',
];

function har(): Uint8Array {
  const events = [
    { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
    { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
    { type: 'TEXT_MESSAGE_END', messageId: 'other' },
    { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
  ];
  const entry = sseHarEntry({
    url: 'https://SECRETHOST.example:8443/api/SECRETLAST?x=1',
    requestBody: JSON.stringify({ threadId: 't', runId: 'r', messages: [], tools: [], state: {} }),
    sse: events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''),
    time: 5,
  });
  const request = entry['request'] as Record<string, unknown>;
  request['headers'] = [
    { name: 'content-type', value: 'application/json' },
    { name: 'accept', value: 'application/vnd.SECRETACCEPT+json;q=0.9, text/event-stream' },
    { name: 'x-SECRETHNAME', value: 'v' },
  ];
  request['cookies'] = [{ name: 'SECRETCNAME', value: 'c' }];
  const response = entry['response'] as Record<string, unknown>;
  response['statusText'] = 'OK SECRETSTATUS';
  response['redirectURL'] = 'https://SECRETRHOST.example/x/SECRETRLAST';
  response['headers'] = [{ name: 'Content-Type', value: 'text/event-stream; charset=SECRETCHARSET' }];
  (response['content'] as Record<string, unknown>)['mimeType'] = 'text/event-stream; boundary=SECRETBOUNDARY';
  entry['timings'] = { send: 1, wait: 2, receive: 2, comment: 'SECRETCOMMENT' };
  entry['pageref'] = 'SECRETPAGE';
  const pages = [
    {
      startedDateTime: '2026-01-01T00:00:00.000Z',
      id: 'SECRETPAGE',
      title: 't',
      pageTimings: { onLoad: 3, comment: 'SECRETPTCOMMENT' },
    },
  ];
  return new TextEncoder().encode(
    JSON.stringify({ log: { version: '1.2', creator: { name: 'x', version: '1' }, pages, entries: [entry] } }),
  );
}

describe('strict HAR redaction', () => {
  it('masks every field that can carry a secret, and lints the same', () => {
    const original = har();
    for (const hideLengths of [false, true]) {
      const result = redactFile('s.har', original, { hideLengths, strict: true });
      if (!result.ok) throw new Error(result.error);
      const text = new TextDecoder().decode(result.bytes);
      expect(survivors(text, SECRETS)).toEqual([]);
      expect(lintKeys('s.har', result.bytes)).toEqual(lintKeys('s.har', original));
      expect(lintKeys('s.har', original).length).toBeGreaterThan(0);
      const log = (JSON.parse(text) as { log: Record<string, unknown> }).log;
      const entry = (log['entries'] as Record<string, Record<string, unknown>>[])[0]!;
      const request = entry['request'] as { url: string; headers: { name: string; value: string }[] };
      const response = entry['response'] as {
        headers: { name: string; value: string }[];
        content: { mimeType: string };
      };
      // What lint reads stays: the media types, the event stream in Accept, standard names, the page link.
      expect(response.content.mimeType).toBe('text/event-stream');
      expect(response.headers[0]).toEqual({ name: 'Content-Type', value: 'text/event-stream' });
      expect(request.headers.find((h) => h.name === 'accept')?.value).toMatch(/, text\/event-stream$/);
      expect(request.headers.map((h) => h.name)).toEqual(['content-type', 'accept', 'header-1']);
      expect(entry['pageref']).toBe((log['pages'] as { id: string }[])[0]!.id);
      expect(request.url).toMatch(/^https:\/\/host-1:8443\/seg-\d+\/seg-\d+\?x=(\*|\[redacted\])$/);
      expect(entry['timings']).toMatchObject({ send: 1, wait: 2, receive: 2 });
    }
  });

  it('keeps header names, statusText and page ids without --strict', () => {
    const result = redactFile('s.har', har(), { hideLengths: false });
    if (!result.ok) throw new Error(result.error);
    expect(survivors(new TextDecoder().decode(result.bytes), ['SECRETHNAME', 'SECRETSTATUS', 'SECRETPAGE'])).toEqual([
      'SECRETHNAME',
      'SECRETSTATUS',
      'SECRETPAGE',
    ]);
  });
});
