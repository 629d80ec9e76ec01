import { describe, expect, it } from 'vitest';
import { fixture, fixtureText } from '../../../../test/fixtures/read-fixture.js';
import { inspectBytes } from '../inspect-bytes.js';
import { exportRedacted, exportSession } from '../session-export.js';
import { redactFile } from './redact-file.js';
import { allText, CONTENT, CREDENTIALS, HAR_DATA, lintKeys, survivors } from './redact.test-helper.js';

const FIXTURES = [
  'backend-tool.sse',
  'backend-tool.bin',
  'renamed-reopen.sse',
  'chunked-calls.sse',
  'crlf-framing.sse',
  'truncated.sse',
  'events.jsonl',
  'events.json',
  'frontend-round-trip.har',
  'chrome-base64.har',
  'chrome-credentials.har',
  'session-v1.json',
];

function modelOf(name: string, bytes: Uint8Array) {
  const inspected = inspectBytes(name, bytes);
  if (!inspected.ok) throw new Error(inspected.error);
  return inspected.model;
}

describe('redact (committed fixtures)', () => {
  it.each(FIXTURES)(
    '%s: the same format back, nothing of the content, the same findings at the same events',
    (name) => {
      const original = fixture(name);
      for (const hideLengths of [false, true]) {
        const r = redactFile(name, original, { hideLengths });
        if (!r.ok) throw new Error(r.error);
        const text = new TextDecoder().decode(r.bytes);
        expect(survivors(text, [...CONTENT, ...CREDENTIALS, ...HAR_DATA])).toEqual([]);
        if (!hideLengths) expect(lintKeys(name, r.bytes)).toEqual(lintKeys(name, original));
      }
    },
  );

  it('the Chrome HAR with cookies and auth headers: every credential is removed and reported, every entry redacted', () => {
    const original = fixtureText('chrome-credentials.har');
    // The fixture holds them all (bodies are base64), or this test would prove nothing.
    expect(survivors(original, [...CREDENTIALS, ...HAR_DATA])).toEqual([...CREDENTIALS, ...HAR_DATA]);
    const r = redactFile('chrome-credentials.har', fixture('chrome-credentials.har'), { hideLengths: false });
    if (!r.ok) throw new Error(r.error);
    const text = new TextDecoder().decode(r.bytes);
    expect(survivors(text, [...CREDENTIALS, ...HAR_DATA])).toEqual([]);
    expect(r.report.credentials).toEqual(
      expect.arrayContaining([
        'log.entries[0].request.headers.authorization',
        'log.entries[0].request.headers.cookie',
        'log.entries[0].response.headers.set-cookie',
        'log.entries[1].request.url user info',
        'log.entries[1].request.headers.proxy-authorization',
      ]),
    );
    expect(r.report.counts['cookie']).toBeGreaterThanOrEqual(4);
    expect(r.report.counts['har-field']).toBeGreaterThan(0);
    const har = JSON.parse(text) as {
      log: { entries: { request: { headers: { name: string; value: string }[] }; _initiator?: unknown }[] };
    };
    // Structure stays: header names, harmless values, entry count.
    expect(har.log.entries).toHaveLength(4);
    expect(har.log.entries[0]!.request.headers.map((h) => h.name)).toContain('Authorization');
    expect(har.log.entries[0]!.request.headers.find((h) => h.name === 'Accept')?.value).toBe('text/event-stream');
    expect(har.log.entries[0]!._initiator).toBeUndefined();
  });

  it('the panel exports (model → file) use the same redaction', () => {
    const model = modelOf('chrome-credentials.har', fixture('chrome-credentials.har'));
    const plain = exportSession(model, { extensionVersion: 'x', exportedAt: 1 });
    // A plain export keeps the conversation but never the credentials.
    expect(allText(plain)).toContain('HAR-USERDATA-777');
    expect(survivors(plain, ['HAR-QUERY-KEY-111', 'HAR-REFERER-666', 'HAR-STATE-116', 'HAR-PROPS-117'])).toEqual([]);
    const file = JSON.parse(plain) as { credentialsRemoved: string[] };
    // Credential-named body fields go by the same list as headers and query parameters.
    expect(file.credentialsRemoved).toEqual([
      'streams[0].open.requestBody.state.session',
      'streams[0].open.requestBody.forwardedProps.apiKey',
      'streams[0].open.url query parameter api_key',
      'streams[0].open.requestHeaders.referer query parameter auth',
    ]);
    const red = exportRedacted(model, { extensionVersion: 'x', exportedAt: 1 });
    expect(survivors(red.text, HAR_DATA)).toEqual([]);
    expect(red.redactions.some((l) => /strings masked/.test(l))).toBe(true);
    const bytes = new TextEncoder().encode(red.text);
    expect(lintKeys('r.json', bytes)).toEqual(lintKeys('p.json', new TextEncoder().encode(plain)));
    const head = JSON.parse(red.text) as {
      redacted: boolean;
      findings: unknown[];
      redaction: { hideLengths: boolean; counts: Record<string, number> };
    };
    expect(head).toMatchObject({ redacted: true, findings: [], redaction: { hideLengths: false } });
    expect(head.redaction.counts['string']).toBeGreaterThan(0);
  });

  it('keeps SSE framing byte for byte: CRLF frames, chunk times, split points', () => {
    const model = modelOf('session-v1.json', fixture('session-v1.json'));
    const before = JSON.parse(exportSession(model, { extensionVersion: 'x', exportedAt: 1 })) as {
      streams: { chunks: { t: number; dataBase64?: string }[] }[];
    };
    const after = JSON.parse(exportRedacted(model, { extensionVersion: 'x', exportedAt: 1 }).text) as typeof before;
    after.streams.forEach((s, i) => {
      const b = before.streams[i]!;
      expect(s.chunks.map((c) => c.t)).toEqual(b.chunks.map((c) => c.t));
      // Same-length masks of ASCII text: every network piece keeps its size.
      const sizes = (cs: typeof s.chunks) =>
        cs.map((c) => (c.dataBase64 === undefined ? -1 : Buffer.from(c.dataBase64, 'base64').length));
      expect(sizes(s.chunks)).toEqual(sizes(b.chunks));
    });
  });

  it('a HAR: credential fields of response events and JSON bodies are removed and listed, findings unchanged', () => {
    const frames = [
      '{"type":"RUN_STARTED","threadId":"t","runId":"r"}',
      '{"type":"STATE_SNAPSHOT","snapshot":{"apiKey":"SECRET-SSE-KEY","n":1}}',
      '{"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"}',
      '{"type":"RUN_FINISHED","threadId":"t","runId":"r"}',
    ];
    const entry = (mimeType: string, text: string) => ({
      startedDateTime: '2026-12-01T10:00:00.000Z',
      time: 5,
      request: {
        method: 'POST',
        url: 'https://app.test/agent',
        httpVersion: 'HTTP/1.1',
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        queryString: [],
        cookies: [],
        headersSize: -1,
        bodySize: 2,
        postData: { mimeType: 'application/json', text: '{}' },
      },
      response: {
        status: 200,
        statusText: 'OK',
        httpVersion: 'HTTP/1.1',
        headers: [{ name: 'Content-Type', value: mimeType }],
        cookies: [],
        content: { size: text.length, mimeType, text },
        redirectURL: '',
        headersSize: -1,
        bodySize: text.length,
      },
      cache: {},
      timings: { send: 0, wait: 1, receive: 4 },
    });
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'test', version: '1' },
        entries: [
          entry('text/event-stream', frames.map((f) => `data: ${f}\n\n`).join('')),
          entry('application/json', '{"config":{"token":"SECRET-JSON-TOKEN","mode":"x"}}'),
        ],
      },
    };
    const original = new TextEncoder().encode(JSON.stringify(har));
    const r = redactFile('creds.har', original, { hideLengths: false });
    if (!r.ok) throw new Error(r.error);
    expect(survivors(new TextDecoder().decode(r.bytes), ['SECRET-SSE-KEY', 'SECRET-JSON-TOKEN'])).toEqual([]);
    expect(r.report.credentials).toEqual([
      'log.entries[0].response.content.text.events[1].snapshot.apiKey',
      'log.entries[1].response.content.text.config.token',
    ]);
    expect(lintKeys('creds.har', r.bytes)).toEqual(lintKeys('creds.har', original));
    expect(lintKeys('creds.har', original).length).toBeGreaterThan(0);
  });

  it('refuses what it cannot read, with exit-worthy errors', () => {
    expect(redactFile('x.json', new TextEncoder().encode('{"hello":1}'), { hideLengths: false }).ok).toBe(false);
    expect(redactFile('x.txt', new TextEncoder().encode('hello world'), { hideLengths: false }).ok).toBe(false);
    expect(redactFile('x.bin', new Uint8Array([0xff, 0xfe, 0x00, 0x80]), { hideLengths: false }).ok).toBe(false);
    expect(redactFile('x', new Uint8Array(), { hideLengths: false }).ok).toBe(false);
  });
});
