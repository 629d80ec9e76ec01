// The time to response headers a HAR keeps in its entries' timings (HAR 1.2), read wherever a
// HAR is loaded (lint, stats, print, the panel's import), and written back by our own HARs.
import { describe, expect, it } from 'vitest';
import { fixture, fixtureText } from '../../../test/fixtures/read-fixture.js';
import { createInspector } from '../pipeline/create-inspector.js';
import { sseBytes, sseStream } from '../pipeline/sse.test-helper.js';
import { printModel } from '../print/print-model.js';
import { runTiming } from '../timing/run-timing.js';
import type { SessionModel } from '../model/types.js';
import { feedCaptures } from './feed.js';
import { sessionToHar } from './har-write.js';
import { harTimeToHeaders } from './har-timings.js';
import { loadFile } from './load-file.js';

type Entry = Record<string, unknown>;

function modelOf(name: string, bytes: Uint8Array): SessionModel {
  const loaded = loadFile(name, bytes);
  if (!loaded.ok) throw new Error(loaded.error);
  const inspector = createInspector();
  feedCaptures(inspector, loaded.captures);
  return inspector.model;
}

const entriesOf = (name: string): Entry[] =>
  (JSON.parse(fixtureText(name)) as { log: { entries: Entry[] } }).log.entries;
const harOf = (entries: unknown[]): Uint8Array =>
  new TextEncoder().encode(JSON.stringify({ log: { version: '1.2', creator: { name: 'Playwright' }, entries } }));

const RUN = sseBytes([
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
]);

function runEntry(over: Entry): Entry {
  return {
    startedDateTime: '2026-12-06T10:00:00.000Z',
    time: 500,
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:3000/agent',
      headers: [{ name: 'Accept', value: 'text/event-stream' }],
      postData: { text: '{"threadId":"t","runId":"r","messages":[]}' },
    },
    response: {
      status: 200,
      headers: [],
      content: { mimeType: 'text/event-stream', text: new TextDecoder().decode(RUN) },
    },
    ...over,
  };
}

describe('harTimeToHeaders', () => {
  it('adds the phases before the answer: blocked, dns, connect, send and wait (-1: not applicable)', () => {
    // Chrome: blocked 0.5, dns/connect/ssl -1, send 0.1, wait 30.2.
    expect(harTimeToHeaders(entriesOf('chrome-credentials.har')[0] as Entry)).toBeCloseTo(30.8, 6);
  });

  it('does not count ssl again: it is part of connect', () => {
    // blocked 0.5 + dns 1 + connect 3 (ssl 2 inside it) + send 0.1 + wait 30.2.
    expect(harTimeToHeaders(entriesOf('chrome-credentials.har')[1] as Entry)).toBeCloseTo(34.8, 6);
  });

  it('cannot tell without timings, with only zeros and -1, or with phases longer than the whole entry', () => {
    expect(harTimeToHeaders({ time: 10 })).toBeUndefined();
    expect(harTimeToHeaders({ time: 10, timings: { blocked: -1, dns: -1, send: 0, wait: 0, receive: 10 } })).toBe(
      undefined,
    );
    expect(harTimeToHeaders({ time: 10, timings: { send: 1, wait: 35, receive: -26 } })).toBeUndefined();
    expect(harTimeToHeaders({ timings: { send: '1', wait: 20 } })).toBe(20);
  });
});

describe('a loaded HAR tells the time to response headers', () => {
  it('a Playwright-recorded entry: requested at startedDateTime, headers after dns + connect + send + wait', () => {
    const har = harOf([runEntry({ timings: { dns: 2, connect: 5, ssl: 3, send: 1, wait: 92, receive: 400 } })]);
    const model = modelOf('playwright.har', har);
    const [stream, run] = [model.streams[0], model.runs[0]];
    if (stream === undefined || run === undefined) throw new Error('no run');
    expect(stream.info.requestedAt).toBe(Date.parse('2026-12-06T10:00:00.000Z'));
    expect(runTiming(stream, run, undefined, 0)).toEqual({ timed: false, headersMs: 100, ended: true, keepAlives: [] });
    expect(printModel(model)).toContain('status=200 "text/event-stream" to-headers=100ms');
  });

  it("Chrome's and Firefox's HARs: the run's timing has the time to headers and nothing else", () => {
    for (const [name, ms] of [
      ['chrome-base64.har', 36.7],
      ['frontend-round-trip.har', 41],
    ] as const) {
      const model = modelOf(name, fixture(name));
      const stream = model.streams[0];
      const run = model.runs.find((r) => r.streamId === stream?.info.streamId);
      if (stream === undefined || run === undefined) throw new Error(`${name}: no run`);
      const timing = runTiming(stream, run, undefined, 0);
      expect(timing.timed).toBe(false);
      expect(timing.headersMs).toBeCloseTo(ms, 3);
      expect(timing.firstEventMs).toBeUndefined();
    }
  });

  it('a failed run request is timed to its headers; a network error has none', () => {
    const failed = runEntry({
      timings: { blocked: 3, send: 1, wait: 16, receive: 2 },
      response: { status: 503, headers: [], content: { mimeType: 'text/plain', text: 'upstream down' } },
    });
    const refused = runEntry({
      startedDateTime: '2026-12-06T10:00:01.000Z',
      timings: { blocked: 3, send: -1, wait: -1, receive: -1 },
      response: { status: 0, headers: [], content: { mimeType: 'x-unknown' } },
      _error: 'net::ERR_CONNECTION_REFUSED',
    });
    const model = modelOf('failed.har', harOf([failed, refused]));
    expect(
      model.streams.map((s) => (s.info.requestedAt === undefined ? 'none' : s.info.startedAt - s.info.requestedAt)),
    ).toEqual([20, 'none']);
  });

  it('an entry whose timings are all zero cannot tell: no time to headers, as before', () => {
    const model = modelOf('zeros.har', harOf([runEntry({ timings: { send: 0, wait: 0, receive: 500 } })]));
    const stream = model.streams[0];
    expect(stream?.info.requestedAt).toBeUndefined();
    expect(stream?.info.startedAt).toBe(Date.parse('2026-12-06T10:00:00.000Z'));
  });
});

describe('our own HARs keep the time to headers', () => {
  function captured(requestedAt: number | undefined): SessionModel {
    const inspector = createInspector();
    inspector.openStream({ ...sseStream('s', {}, 5_000_120), ...(requestedAt !== undefined ? { requestedAt } : {}) });
    inspector.appendBytes('s', RUN, 5_000_300);
    inspector.endStream('s', { reason: 'complete', t: 5_000_400 });
    return inspector.model;
  }

  it('writes it as the wait after the request start, and reads it back', () => {
    const har = sessionToHar(captured(5_000_000), 'live.har', '1');
    const entry = (JSON.parse(har) as { log: { entries: Entry[] } }).log.entries[0];
    expect(entry?.['startedDateTime']).toBe(new Date(5_000_000).toISOString());
    expect(entry?.['timings']).toEqual({ send: 0, wait: 120, receive: 180 });
    expect(entry?.['time']).toBe(300);
    const back = modelOf('live.har', new TextEncoder().encode(har)).streams[0]?.info;
    expect([back?.requestedAt, back?.startedAt]).toEqual([5_000_000, 5_000_120]);
  });

  it('without a request time, writes a zero wait, which reads back as unknown', () => {
    const har = sessionToHar(captured(undefined), 'live.har', '1');
    const back = modelOf('live.har', new TextEncoder().encode(har)).streams[0]?.info;
    expect(back?.requestedAt).toBeUndefined();
    expect(back?.startedAt).toBe(5_000_120);
  });
});
