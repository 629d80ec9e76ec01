import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { FIXTURES, fixture, fixtureText } from '../../../test/fixtures/read-fixture.js';
import { loadFile } from './load-file.js';
import type { Capture, LoadResult } from './types.js';

const enc = (text: string) => new TextEncoder().encode(text);

function loaded(result: LoadResult): { format: string; captures: readonly Capture[]; notes: readonly string[] } {
  if (!result.ok) throw new Error(`expected ok, got: ${result.error}`);
  return result;
}

function bytesOf(capture: Capture): Uint8Array {
  const parts = capture.pieces.flatMap((p) => (p.kind === 'bytes' ? [p.data] : []));
  return new Uint8Array(Buffer.concat(parts));
}

describe('loadFile: bare bodies', () => {
  it('loads an SSE body byte for byte', () => {
    const bytes = fixture('backend-tool.sse');
    const r = loaded(loadFile('backend-tool.sse', bytes));
    expect(r.format).toBe('sse');
    expect(r.captures).toHaveLength(1);
    expect(r.captures[0]!.open.encoding).toBe('sse');
    expect(Buffer.from(bytesOf(r.captures[0]!)).equals(Buffer.from(bytes))).toBe(true);
    expect(r.captures[0]!.end?.reason).toBe('complete');
  });

  it('keeps CRLF framing as sent', () => {
    const r = loaded(loadFile('crlf-framing.sse', fixture('crlf-framing.sse')));
    expect(new TextDecoder().decode(bytesOf(r.captures[0]!))).toContain('\r\n\r\n');
  });

  it('recognises SSE by content whatever the name, even after keep-alive comments', () => {
    const r = loaded(loadFile('capture', enc(': ping\n\ndata: {"type":"RUN_STARTED"}\n\n')));
    expect(r.format).toBe('sse');
  });

  it('recognises a protobuf body by its length prefix, whatever the name', () => {
    for (const name of ['backend-tool.bin', 'body']) {
      const r = loaded(loadFile(name, fixture('backend-tool.bin')));
      expect(r.format).toBe('proto');
      expect(r.captures[0]!.open.encoding).toBe('proto');
    }
  });

  it('reads JSONL one event per line, skipping blank and bad lines with a note', () => {
    const lines = fixtureText('events.jsonl').trim().split('\n');
    const r = loaded(loadFile('events.jsonl', fixture('events.jsonl')));
    expect(r.format).toBe('jsonl');
    const events = r.captures[0]!.pieces.map((p) => (p.kind === 'event' ? p.event : undefined));
    expect(events).toEqual(lines.map((l) => JSON.parse(l)));
    expect(r.captures[0]!.open.encoding).toBe('events');

    const withBad = loaded(loadFile('x.ndjson', enc('{"type":"RUN_STARTED"}\n\n{oops\n{"type":"RUN_FINISHED"}\r\n')));
    expect(withBad.captures[0]!.pieces).toHaveLength(2);
    expect(withBad.notes.join()).toMatch(/line 3/);
  });

  it('uses event timestamps as arrival times', () => {
    const r = loaded(loadFile('events.jsonl', fixture('events.jsonl')));
    const first = JSON.parse(fixtureText('events.jsonl').split('\n')[0]!) as { timestamp: number };
    expect(r.captures[0]!.pieces[0]!.t).toBe(first.timestamp);
  });

  it('refuses a JSON list or JSONL with no AG-UI event in it', () => {
    const list = loadFile('index.json', enc('[{"scenario":"a","files":["a.sse"]}]'));
    expect(!list.ok && list.error).toMatch(/^index\.json: a JSON array, but none of its 1 items is an AG-UI event/);
    const lines = loadFile('x.jsonl', enc('{"a":1}\n{"b":2}\n'));
    expect(!lines.ok && lines.error).toMatch(/no line is an AG-UI event/);
  });

  it('notes SSE event names, which only EventSource consumers filter', () => {
    const r = loaded(loadFile('es.sse', enc('event: progress\ndata: {"sent":1}\n\ndata: {"type":"RUN_STARTED"}\n\n')));
    expect(r.notes.join()).toMatch(/event names \(progress\)/);
    expect(loaded(loadFile('b.sse', fixture('backend-tool.sse'))).notes).toEqual([]);
  });

  it('reads a JSON array as events', () => {
    const expected = JSON.parse(fixtureText('events.json')) as unknown[];
    const r = loaded(loadFile('events.json', fixture('events.json')));
    expect(r.format).toBe('json-array');
    expect(r.captures[0]!.pieces.map((p) => (p.kind === 'event' ? p.event : null))).toEqual(expected);
  });
});

describe('loadFile: session export', () => {
  it('reads the v1 fixture (kept forever: every later reader must too)', () => {
    const r = loaded(loadFile('session-v1.json', fixture('session-v1.json')));
    expect(r.format).toBe('session');
    expect(r.captures.map((c) => c.open.streamId)).toEqual(['tab7-fetch-1', 'tab7-fetch-2', 'tab7-es-1']);
    const text = new TextDecoder().decode(bytesOf(r.captures[0]!));
    expect(text.startsWith('data: {"type":"RUN_STARTED"')).toBe(true);
    expect(
      text
        .trimEnd()
        .endsWith(
          '"runId":"run-trip-1","outcome":{"type":"success","pendingToolCallIds":["call_confirm","call_map"]}}',
        ),
    ).toBe(true);
    expect(r.captures[2]!.pieces[0]!.kind).toBe('message');
    expect(r.captures[2]!.end?.reason).toBe('closed');
  });

  it('refuses a newer version and a missing version, naming the file', () => {
    const newer = loadFile(
      's.json',
      enc(JSON.stringify({ format: 'agui-inspector-session', version: 9, streams: [] })),
    );
    expect(newer).toMatchObject({ ok: false });
    expect(!newer.ok && newer.error).toMatch(/^s\.json: .*newer.*version 9/);
    const none = loadFile('s.json', enc(JSON.stringify({ format: 'agui-inspector-session', streams: [] })));
    expect(!none.ok && none.error).toMatch(/version/);
  });

  it('skips broken streams and chunks with notes, keeps the rest', () => {
    const file = {
      format: 'agui-inspector-session',
      version: 1,
      streams: [
        {
          open: { streamId: 'a', encoding: 'sse' },
          chunks: [
            { t: 1, kind: 'bytes', dataBase64: 'ZGF0YTo=' },
            { t: 2, kind: 'bytes', dataBase64: '!!' },
          ],
        },
        { open: { encoding: 'sse' }, chunks: [] },
        {
          open: { streamId: 'a', encoding: 'events' },
          chunks: [{ t: 1, kind: 'event', event: { type: 'RUN_STARTED' } }],
        },
      ],
    };
    const r = loaded(loadFile('s.json', enc(JSON.stringify(file))));
    expect(r.captures.map((c) => c.open.streamId)).toEqual(['a', 'a~2']);
    expect(r.captures[0]!.pieces).toHaveLength(1);
    expect(r.notes.join('\n')).toMatch(/stream 1.*streamId/);
    expect(r.notes.join('\n')).toMatch(/1 unreadable chunk/);
  });
});

describe('loadFile: garbage never throws', () => {
  it('names the file and the problem', () => {
    const cases: [string, Uint8Array, RegExp][] = [
      ['empty.sse', new Uint8Array(), /empty/],
      ['bad.json', enc('{"log": {"entries": ['), /not valid JSON/],
      ['bad.har', enc('{\n"log": 1'), /HAR file that is not valid JSON/],
      ['n.json', enc('42'), /unrecognised|bare number/],
      ['o.json', enc('{"hello": 1}'), /not a HAR/],
      ['noise', new Uint8Array([0xc3, 0x28, 0xa0, 0xa1]), /binary data/],
      ['prose.txt', enc('hello world'), /unrecognised content/],
    ];
    for (const [name, bytes, message] of cases) {
      const r = loadFile(name, bytes);
      expect(r.ok, name).toBe(false);
      expect(!r.ok && r.error, name).toMatch(new RegExp(`^${name.replace('.', '\\.')}: `));
      expect(!r.ok && r.error, name).toMatch(message);
    }
  });

  it('decodes a .bin that is not framed as protobuf anyway, with a note', () => {
    const r = loaded(loadFile('x.bin', new Uint8Array([0xff, 0xfe, 0x00, 0x80, 0x81])));
    expect(r.format).toBe('proto');
    expect(r.notes.join()).toMatch(/length prefix/);
  });

  it('returns a result for any bytes and any JSON value', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.string(), (bytes, name) => {
        expect(typeof loadFile(name, bytes).ok).toBe('boolean');
      }),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const r = loadFile('v.json', enc(JSON.stringify(value) ?? 'null'));
        expect(typeof r.ok).toBe('boolean');
        const wrapped = loadFile('h.har', enc(JSON.stringify({ log: { entries: [value] } })));
        expect(wrapped.ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe("loadFile: the demo agent's recorded streams", () => {
  const dir = resolve(FIXTURES, 'demo');
  const files = readdirSync(dir).filter((f) => f !== 'index.json' && !f.endsWith('.md'));
  it('has recordings to load', () => expect(files.length).toBeGreaterThan(0));
  it.each(files)('%s loads', (file) => {
    const r = loadFile(file, fixture(`demo/${file}`));
    expect(r.ok ? '' : r.error).toBe('');
    expect(r.ok && r.captures.length).toBeGreaterThan(0);
  });
});
