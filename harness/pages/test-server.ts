// A small local server for the capture e2e suite: test pages, SSE streams with known
// bytes, a stream that records when the client hangs up, 204/304, a strict-CSP page,
// an iframe page and an EventSource with named events. Bound to 127.0.0.1, port 0.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chunkSizes, sha256, ssePayload } from './sse-payload.js';
import { handleTransportFailure } from './failure-routes-transport.js';
import { timingRoute } from './failure-routes-timing.js';
import { framingRoute } from './failure-routes-framing.js';
import { streamFlood } from './flood-route.js';

export interface TestServer {
  readonly url: string;
  /** Request ids of /hold streams whose connection the client closed, with the time. */
  readonly closed: Map<string, number>;
  /** Bodies of POSTs to /sse, by ?id. */
  readonly bodies: Map<string, string>;
  close(): Promise<void>;
}

const HERE = import.meta.dirname;
const SSE_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' };
const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of req as AsyncIterable<Buffer>) parts.push(c);
  return Buffer.concat(parts).toString('utf8');
}

async function streamPayload(res: ServerResponse, payload: Buffer, seed: number): Promise<void> {
  res.writeHead(200, SSE_HEADERS);
  let at = 0;
  for (const n of chunkSizes(payload.length, seed)) {
    if (res.destroyed) return;
    res.write(payload.subarray(at, at + n));
    at += n;
    await tick();
  }
  res.end();
}

export async function startTestServer(extraPages: Record<string, string> = {}): Promise<TestServer> {
  const closed = new Map<string, number>();
  const bodies = new Map<string, string>();
  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const q = url.searchParams;
    const p = url.pathname;
    if (p.startsWith('/timing/') && (await timingRoute(req, res, url))) return;
    if (p.startsWith('/framing/') && (await framingRoute(req, res, url))) return;
    if (p === '/sse') {
      const body = req.method === 'POST' ? await readBody(req) : '';
      if (q.get('id')) bodies.set(q.get('id') as string, body);
      return streamPayload(res, ssePayload(Number(q.get('events') ?? 40)), Number(q.get('seed') ?? 7));
    }
    if (p === '/agent' && req.method === 'POST') {
      // Echoes the run's ids so @ag-ui/client's checks pass; 16 KB writes, one per tick,
      // so the page reads many network-sized chunks rather than one buffered blob. ?pad
      // makes each delta that many bytes bigger (the same bytes in fewer events).
      const input = JSON.parse(await readBody(req)) as { threadId?: string; runId?: string };
      const events = Number(q.get('events') ?? 20_000);
      const payload = ssePayload(events, input.threadId, input.runId, true, Number(q.get('pad') ?? 0));
      res.writeHead(200, SSE_HEADERS);
      for (let at = 0; at < payload.length && !res.destroyed; at += 16_384) {
        res.write(payload.subarray(at, at + 16_384));
        await tick();
      }
      return void res.end();
    }
    if (p === '/flood') return streamFlood(res, Number(q.get('rate') ?? 50_000), Number(q.get('seconds') ?? 10));
    if (p === '/sse-info') {
      const b = ssePayload(Number(q.get('events') ?? 40));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ sha: sha256(b), length: b.length }));
      return;
    }
    if (p === '/hold') {
      // One event, then hold the connection open until the client goes away.
      const id = q.get('id') ?? '';
      res.writeHead(200, { ...SSE_HEADERS, 'access-control-allow-origin': '*' }); // the bench holds them from many hosts
      res.write('data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n');
      res.on('close', () => closed.set(id, Date.now()));
      return;
    }
    if (p === '/closed') {
      const at = closed.get(q.get('id') ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ closed: at !== undefined }));
      return;
    }
    if (p === '/big-es') {
      // ?n messages of ?size bytes each (an EventSource far past the capture cap), written
      // as the socket drains so the server holds one message at a time.
      const n = Number(q.get('n') ?? 300);
      const line = Buffer.from(`data: ${'x'.repeat(Number(q.get('size') ?? 1024 * 1024))}\n\n`);
      res.writeHead(200, { ...SSE_HEADERS, 'access-control-allow-origin': '*' });
      for (let i = 0; i < n && !res.destroyed; i++) {
        if (!res.write(line)) await new Promise((r) => res.once('drain', r));
      }
      return void res.end('event: done\ndata: end\n\n');
    }
    if (p === '/json')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"n":[1,2,3]}');
    if (p === '/204') return void res.writeHead(204, SSE_HEADERS).end();
    if (p === '/304') {
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304, { etag: '"v1"' }).end();
      return void res
        .writeHead(200, { ...SSE_HEADERS, etag: '"v1"', 'cache-control': 'no-cache' })
        .end('data: {"a":1}\n\n');
    }
    if (p === '/redirect') return void res.writeHead(302, { location: `/sse?events=${q.get('events') ?? 10}` }).end();
    if (p === '/es') {
      res.writeHead(200, SSE_HEADERS);
      res.write('retry: 60000\n\n');
      res.write('id: 1\ndata: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n');
      res.write('event: tick\nid: 2\ndata: {"n":1}\n\n');
      res.write('event: unheard\nid: 3\ndata: {"n":2}\n\n');
      res.write('event: tick\nid: 4\ndata: {"n":3}\n\n');
      res.end('event: done\nid: 5\ndata: {"type":"RUN_FINISHED","threadId":"t","runId":"r"}\n\n');
      return;
    }
    if (p.startsWith('/fail/') && handleTransportFailure(p, req, res)) return;
    if (p.startsWith('/pages/')) {
      const name = p.slice('/pages/'.length);
      const csp = name.startsWith('csp')
        ? { 'content-security-policy': "default-src 'self'; script-src 'self'; connect-src 'self'" }
        : {};
      const inline = extraPages[name];
      const ctype = name.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
      if (inline !== undefined) return void res.writeHead(200, { 'content-type': ctype, ...csp }).end(inline);
      if (!/^[\w.-]+$/.test(name)) return void res.writeHead(404).end();
      const file = await readFile(resolve(HERE, name)).catch(() => undefined);
      if (!file) return void res.writeHead(404).end();
      return void res.writeHead(200, { 'content-type': ctype, ...csp }).end(file);
    }
    res.writeHead(404).end();
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    closed,
    bodies,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
