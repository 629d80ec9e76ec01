import { describe, expect, it } from 'vitest';
import { fixture, fixtureText } from '../../../test/fixtures/read-fixture.js';
import { loadFile } from './load-file.js';
import type { Capture, LoadResult } from './types.js';

const enc = (text: string) => new TextEncoder().encode(text);

function loaded(result: LoadResult): Extract<LoadResult, { ok: true }> {
  if (!result.ok) throw new Error(`expected ok, got: ${result.error}`);
  return result;
}

const body = (c: Capture) => Buffer.concat(c.pieces.flatMap((p) => (p.kind === 'bytes' ? [p.data] : [])));

function har(entries: unknown[]): Uint8Array {
  return enc(JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries } }));
}

function entry(
  over: { mimeType?: string; text?: string; encoding?: string; started?: string; url?: string } = {},
): unknown {
  return {
    startedDateTime: over.started ?? '2025-01-01T00:00:00.000Z',
    time: 10,
    request: {
      method: 'POST',
      url: over.url ?? 'http://x/agent',
      headers: [],
      postData: { mimeType: 'application/json', text: '{}' },
    },
    response: {
      status: 200,
      headers: [],
      content: {
        size: 1,
        mimeType: over.mimeType ?? 'text/event-stream',
        ...(over.text !== undefined ? { text: over.text } : {}),
        ...(over.encoding ? { encoding: over.encoding } : {}),
      },
    },
  };
}

describe('HAR import: Chrome', () => {
  const r = loaded(loadFile('chrome-base64.har', fixture('chrome-base64.har')));

  it('keeps the AG-UI entries, ordered by start time, and counts the others', () => {
    expect(r.format).toBe('har');
    expect(r.captures.map((c) => c.open.encoding)).toEqual(['sse', 'proto']);
    // Requested at startedDateTime; the headers came blocked + send + wait (1.1 + 0.2 + 35.4 ms) later.
    expect(r.captures.map((c) => c.open.requestedAt)).toEqual([
      Date.parse('2025-12-02T18:26:41.250Z'),
      Date.parse('2025-12-02T18:26:45.000Z'),
    ]);
    expect(r.captures.map((c) => c.open.startedAt - (c.open.requestedAt ?? NaN))).toEqual([
      expect.closeTo(36.7, 3),
      expect.closeTo(36.7, 3),
    ]);
    expect(r.notes.join('\n')).toMatch(/ignored 1 entry \(not AG-UI run requests\)/);
  });

  it('decodes base64 bodies to the exact bytes', () => {
    expect(body(r.captures[0]!).equals(Buffer.from(fixture('backend-tool.sse')))).toBe(true);
    expect(body(r.captures[1]!).length).toBeGreaterThan(100);
    expect(body(r.captures[1]!)[0]).toBe(0);
  });

  it('carries request metadata and redacts credential headers', () => {
    const open = r.captures[0]!.open;
    expect(open.method).toBe('POST');
    // The session id is a credential: it never gets into the model.
    expect(open.url).toBe('http://localhost:8000/agent?session=[redacted]');
    expect(open.status).toBe(200);
    expect(open.contentType).toBe('text/event-stream');
    expect(JSON.parse(open.requestBody ?? 'null')).toMatchObject({
      threadId: 'thread-weather',
      runId: 'run-weather-1',
    });
    expect(open.requestHeaders).toEqual({
      accept: 'text/event-stream',
      'content-type': 'application/json',
      authorization: '[redacted]',
      cookie: '[redacted]',
      'x-api-key': '[redacted]',
      'x-csrf-token': '[redacted]',
    });
    const all = JSON.stringify(r.captures.map((c) => c.open));
    for (const secret of ['sk-live', 's3cr3t', 'key-987', 'tok-555', 'abc123']) expect(all).not.toContain(secret);
  });
});

describe('HAR import: Firefox', () => {
  const r = loaded(loadFile('frontend-round-trip.har', fixture('frontend-round-trip.har')));
  it('orders entries by instant, not by the text of differently zoned times', () => {
    const runIds = r.captures.map((c) => (JSON.parse(c.open.requestBody ?? '{}') as { runId: string }).runId);
    expect(runIds).toEqual(['run-trip-1', 'run-trip-2']);
  });
  it('reads plain-text bodies and content types with parameters', () => {
    expect(r.captures[0]!.open.contentType).toBe('text/event-stream; charset=utf-8');
    const saved = JSON.parse(fixtureText('frontend-round-trip.har')) as {
      log: { entries: { response: { content: { text: string } } }[] };
    };
    expect(body(r.captures[1]!).toString('utf8')).toBe(saved.log.entries[0]!.response.content.text);
  });
  it('ends each stream at startedDateTime + time, its headers wait (41 ms) after the start', () => {
    const c = r.captures[0]!;
    expect(c.open.requestedAt).toBe(Date.parse('2025-12-02T19:26:40.000+01:00'));
    expect(c.open.startedAt).toBe(Date.parse('2025-12-02T19:26:40.000+01:00') + 41);
    expect(c.end).toEqual({ reason: 'complete', t: Date.parse('2025-12-02T19:26:40.000+01:00') + 912 });
  });
});

describe('HAR import: problems', () => {
  it('loads a HAR saved without response bodies, listing them and saying how to record them', () => {
    const r = loaded(loadFile('no-bodies.har', fixture('no-bodies.har')));
    expect(r.captures).toEqual([]);
    expect(r.bodiless).toHaveLength(1);
    const notes = r.notes.join('\n');
    expect(notes).toMatch(/^no-bodies\.har: the HAR has no response bodies for 1 event-stream request /m);
    expect(notes).toContain('Save all as HAR with content');
    expect(notes).toMatch(/export keeps every byte/);
    expect(notes).toMatch(/in Playwright, recordHar with content 'embed' or 'attach'/);
    expect(notes).toContain('agui-inspector probe URL --har FILE');
  });

  it("reads an empty text in this tool's own HAR as an empty answer, not a body left out", () => {
    const ours = (entries: unknown[]) =>
      new TextEncoder().encode(
        JSON.stringify({ log: { version: '1.2', creator: { name: 'agui-inspector' }, entries } }),
      );
    const r = loaded(loadFile('probe.har', ours([entry({ text: '', url: 'http://x/empty' })])));
    expect(r.bodiless).toBeUndefined();
    expect(r.captures.map((c) => [c.open.url, c.pieces.length])).toEqual([['http://x/empty', 1]]);
    const chrome = loaded(loadFile('chrome.har', har([entry({ text: '', url: 'http://x/empty' })])));
    expect(chrome.bodiless?.map((b) => b.url)).toEqual(['http://x/empty']);
  });

  it('says so when there are no event-stream responses at all', () => {
    const r = loadFile('plain.har', har([entry({ mimeType: 'application/json', text: '{}' })]));
    expect(!r.ok && r.error).toMatch(/^plain\.har: contains no event-stream responses/);
  });

  it('loads the good entries and notes the bad ones and the body-less ones', () => {
    const r = loaded(
      loadFile(
        'mixed.har',
        har([
          entry({ text: 'data: {"type":"RUN_STARTED"}\n\n', url: 'http://x/good' }),
          'not an entry',
          entry({ text: '%%%', encoding: 'base64', url: 'http://x/bad64' }),
          entry({ url: 'http://x/nobody' }),
          entry({ mimeType: 'Text/Event-Stream;Charset=UTF-8', text: 'data: {}\n\n', url: 'http://x/upper' }),
        ]),
      ),
    );
    expect(r.captures.map((c) => c.open.url)).toEqual(['http://x/good', 'http://x/upper']);
    const notes = r.notes.join('\n');
    expect(notes).toMatch(/entry 1 is not an object/);
    expect(notes).toMatch(/bad64.*not base64/);
    expect(notes).toMatch(/no response bodies for 1 event-stream request \(http:\/\/x\/nobody\)/);
  });

  it('matches the protobuf media type exactly, not by prefix', () => {
    const r = loadFile(
      'p.har',
      har([entry({ mimeType: 'application/vnd.ag-ui.event+protobuf', text: 'AAAA', encoding: 'base64' })]),
    );
    expect(r.ok).toBe(false);
  });

  it('rejects JSON with "log" but no entries', () => {
    const r = loadFile('x.har', enc('{"log":{}}'));
    expect(!r.ok && r.error).toMatch(/no log\.entries/);
  });
});
