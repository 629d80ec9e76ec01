// `serve` next to test runners and crowds: readiness probes (Playwright's webServer.url,
// HEAD, /healthz) never use up a recorded run; a slow request head is cut off; a body over
// the limit gets a 413 the client can read.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeServed, rawRequest, runsOf, serve } from './serve.test-helper.js';

afterEach(closeServed);

describe('serve and readiness probes', () => {
  it('answers GET /, HEAD and /healthz with 200 and keeps the first run for the app', async () => {
    const { server, journal } = await serve(runsOf('backend-tool.sse'));
    const root = await rawRequest(`${server.url}/`, { method: 'GET' });
    expect(root.status).toBe(200);
    expect(JSON.parse(root.body)).toMatchObject({ ready: true, runsLeft: 1 });
    expect((await rawRequest(`${server.url}/`, { method: 'HEAD' })).status).toBe(200);
    const health = await rawRequest(`${server.url}/healthz`, { method: 'GET' });
    expect([health.status, health.body]).toEqual([200, 'ok\n']);
    // A POST to /healthz is a probe too, not a run request.
    expect((await rawRequest(`${server.url}/healthz`, { method: 'POST', body: '{}' })).status).toBe(405);
    const run = await rawRequest(`${server.url}/agent`, { body: '{"threadId":"t","runId":"r"}' });
    expect(run.status).toBe(200);
    expect(run.body).toContain('RUN_STARTED');
    expect(journal.map((e) => [e.method, e.status, e.answeredBy])).toEqual([
      ['GET', 200, undefined],
      ['HEAD', 200, undefined],
      ['GET', 200, undefined],
      ['POST', 405, undefined],
      ['POST', 200, 'backend-tool.sse#1'],
    ]);
  });

  it('still answers an event-stream GET (EventSource) with a run', async () => {
    const { server } = await serve(runsOf('backend-tool.sse'));
    const res = await rawRequest(`${server.url}/events?threadId=t`, {
      method: 'GET',
      headers: { Accept: 'text/event-stream' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain('RUN_FINISHED');
  });
});

describe('serve under slow or oversized requests', () => {
  it('closes a connection that sends no complete request head within the timeout', async () => {
    const { server } = await serve(runsOf('backend-tool.sse'), { headTimeoutMs: 300 });
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    socket.write('POST /agent HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const started = Date.now();
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    await new Promise<void>((done) => socket.on('close', () => done()));
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('answers a declared body over 16 MB with a 413 the client reads, not a reset connection', async () => {
    const { server, journal } = await serve(runsOf('backend-tool.sse'));
    // fetch (undici) sends the whole body before it reads the answer, as most clients do.
    const res = await fetch(`${server.url}/agent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new Uint8Array(48 * 1024 * 1024).fill(0x20),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'request body over 16 MB' });
    expect(journal.map((e) => e.status)).toEqual([413]);
  });
});
