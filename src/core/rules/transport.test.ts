// The transport/ rules through the whole facade: a run request answered with no AG-UI body
// is a failed run with a finding naming why; a close variant that answered must not be.
import { describe, expect, it } from 'vitest';
import type { StreamEncoding, StreamEndInfo } from '../capture.js';
import { failedBody } from '../failed-request.js';
import { createInspector } from '../pipeline/create-inspector.js';

const INPUT = JSON.stringify({ threadId: 't1', runId: 'r1', messages: [], tools: [] });

interface Answer {
  readonly encoding?: StreamEncoding;
  readonly status: number;
  readonly contentType: string;
  readonly body?: string;
  readonly end?: StreamEndInfo;
}

function answer(a: Answer) {
  const inspector = createInspector();
  inspector.openStream({
    streamId: 's1',
    transport: 'fetch',
    encoding: a.encoding ?? 'none',
    url: 'http://127.0.0.1/agent',
    method: 'POST',
    requestHeaders: {},
    requestBody: INPUT,
    status: a.status,
    contentType: a.contentType,
    startedAt: 1000,
  });
  if (a.body !== undefined) inspector.appendBytes('s1', new TextEncoder().encode(a.body), 1010);
  inspector.endStream('s1', a.end ?? { reason: 'complete', t: 1020 });
  return inspector.model;
}

const SSE_RUN =
  'data: {"type":"RUN_STARTED","threadId":"t1","runId":"r1"}\n\ndata: {"type":"RUN_FINISHED","threadId":"t1","runId":"r1"}\n\n';

describe('transport/ rules', () => {
  it('a 503 text/plain answer is a failed run with transport/http-status naming status and body', () => {
    const model = answer({ status: 503, contentType: 'text/plain', body: 'upstream is down' });
    expect(model.runs.map((r) => [r.status, r.threadId, r.runId, r.endedAt])).toEqual([['failed', 't1', 'r1', 1020]]);
    expect(model.findings.map((f) => f.rule)).toEqual(['transport/http-status']);
    const f = model.findings[0];
    expect(f?.message).toContain('HTTP 503 text/plain');
    expect(f?.message).toContain('upstream is down');
    expect([f?.threadId, f?.runId, f?.severity]).toEqual(['t1', 'r1', 'error']);
  });

  it('an HTML 500 page is reduced to its title and text', () => {
    const html =
      '<!DOCTYPE html><html><head><title>Internal Server Error</title><style>b{}</style></head><body><h1>Oops &amp; sorry</h1><script>x()</script></body></html>';
    const model = answer({ status: 500, contentType: 'text/html; charset=utf-8', body: html });
    const message = model.findings[0]?.message ?? '';
    expect(model.findings.map((f) => f.rule)).toEqual(['transport/http-status']);
    expect(message).toContain('Internal Server Error — Oops & sorry');
    expect(message).not.toContain('<');
    expect(message).not.toContain('x()');
  });

  it('a 200 JSON answer to a run request is transport/content-type; a 200 event stream is not', () => {
    const model = answer({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
    expect(model.findings.map((f) => f.rule)).toEqual(['transport/content-type']);
    expect(model.findings[0]?.message).toContain('application/json, not an AG-UI stream');
    const clean = answer({ encoding: 'sse', status: 200, contentType: 'text/event-stream', body: SSE_RUN });
    expect(clean.findings).toEqual([]);
    expect(clean.runs.map((r) => r.status)).toEqual(['finished']);
  });

  it('an event stream answered with 500 is still transport/http-status (the client never reads it)', () => {
    const model = answer({ encoding: 'sse', status: 500, contentType: 'text/event-stream', body: SSE_RUN });
    expect(model.findings.map((f) => f.rule)).toContain('transport/http-status');
  });

  it('a rejected fetch is transport/network-error with its message; an abort is aborted-before-response', () => {
    const refused = answer({
      status: 0,
      contentType: '',
      end: { reason: 'error', t: 1005, error: 'TypeError: Failed to fetch' },
    });
    expect(refused.findings.map((f) => [f.rule, f.severity])).toEqual([['transport/network-error', 'error']]);
    expect(refused.findings[0]?.message).toContain('network error: TypeError: Failed to fetch');
    const aborted = answer({ status: 0, contentType: '', end: { reason: 'aborted', t: 1005 } });
    expect(aborted.findings.map((f) => [f.rule, f.severity])).toEqual([
      ['transport/aborted-before-response', 'warning'],
    ]);
    expect(aborted.runs[0]?.status).toBe('failed');
  });

  it('a 404 with no body and no run input still makes a failed run', () => {
    const inspector = createInspector();
    inspector.openStream({
      streamId: 's2',
      transport: 'fetch',
      encoding: 'none',
      url: 'http://x/agent',
      method: 'GET',
      requestHeaders: {},
      status: 404,
      contentType: 'application/json',
      startedAt: 5,
    });
    inspector.endStream('s2', { reason: 'complete', t: 6 });
    expect(inspector.model.runs.map((r) => [r.status, r.inputSource])).toEqual([['failed', 'none']]);
    expect(inspector.model.findings.map((f) => f.rule)).toEqual(['transport/http-status']);
  });

  it('keeps only the first 4 kB of a body and says it was cut', () => {
    const model = answer({ status: 502, contentType: 'text/plain', body: 'x'.repeat(5000) });
    const stream = model.streams[0];
    if (!stream) throw new Error('no stream');
    const body = failedBody(stream);
    expect([body.text.length, body.cut]).toEqual([4096, true]);
  });
});
