// The demo AG-UI agent: a real server on 127.0.0.1 whose events are encoded by
// @ag-ui/encoder. POST /agent runs a scenario for a RunAgentInput, GET /events streams
// one to an EventSource, and / serves the built demo app. Run standalone with
// `npx tsx demo/server.ts [--port N] [--delay MS]`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunAgentInput } from '@ag-ui/core';
import { findScenario } from './scenarios/index.js';
import { streamEventSource, streamEvents } from './stream-events.js';
import { serveStatic } from './static-files.js';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly scenario: string | undefined;
}

export interface DemoServerOptions {
  readonly port?: number;
  /** Delay between streamed events in ms; 0 streams as fast as possible (tests). */
  readonly delayMs?: number;
  /** Folder served at /; defaults to dist-demo/. */
  readonly staticDir?: string;
}

export interface DemoServer {
  readonly url: string;
  /** Every AG-UI request received (POST /agent and GET /events), oldest first. */
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

const MAX_BODY = 5 * 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error('request body too large');
    parts.push(chunk);
  }
  return Buffer.concat(parts).toString('utf8');
}

function isRunAgentInput(value: unknown): value is RunAgentInput {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.threadId === 'string' && typeof v.runId === 'string' && Array.isArray(v.messages);
}

function scenarioOf(input: RunAgentInput, url: URL): string | undefined {
  const props = input.forwardedProps as { scenario?: unknown } | undefined;
  return typeof props?.scenario === 'string' ? props.scenario : (url.searchParams.get('scenario') ?? undefined);
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function fail(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(message);
}

export async function startDemoServer(opts: DemoServerOptions = {}): Promise<DemoServer> {
  const delayMs = opts.delayMs ?? 30;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let eventSourceRuns = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'POST' && url.pathname === '/agent') {
      const body = await readBody(req);
      let input: unknown;
      try {
        input = JSON.parse(body);
      } catch {
        return fail(res, 400, 'body is not JSON');
      }
      if (!isRunAgentInput(input)) return fail(res, 400, 'body is not a RunAgentInput (threadId, runId, messages)');
      const name = scenarioOf(input, url);
      requests.push({
        method: 'POST',
        path: url.pathname + url.search,
        headers: flatHeaders(req),
        body,
        scenario: name,
      });
      const scenario = findScenario(name);
      if (!scenario) return fail(res, 404, `unknown scenario: ${name ?? '(none)'}`);
      return streamEvents(res, scenario.events(input), {
        accept: req.headers.accept,
        delayMs,
        burst: scenario.burst,
        cutTail: scenario.cutTail,
      });
    }
    if (req.method === 'GET' && url.pathname === '/events') {
      const name = url.searchParams.get('scenario') ?? 'eventsource';
      requests.push({
        method: 'GET',
        path: url.pathname + url.search,
        headers: flatHeaders(req),
        body: '',
        scenario: name,
      });
      const scenario = findScenario(name);
      if (!scenario) return fail(res, 404, `unknown scenario: ${name}`);
      eventSourceRuns += 1;
      const input: RunAgentInput = {
        threadId: 'es-thread',
        runId: `es-run-${eventSourceRuns}`,
        messages: [],
        tools: [],
        context: [],
      };
      return streamEventSource(res, scenario.events(input), delayMs);
    }
    if (req.method === 'GET' || req.method === 'HEAD') return serveStatic(res, url.pathname, opts.staticDir);
    fail(res, 405, 'method not allowed');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) fail(res, 500, err instanceof Error ? err.message : String(err));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((ok, ko) => {
    server.once('error', ko);
    server.listen(opts.port ?? 0, '127.0.0.1', () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((ok) => {
        // Open SSE responses and keep-alive sockets would hold close() forever.
        for (const s of sockets) s.destroy();
        server.close(() => ok());
      }),
  };
}

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = await startDemoServer({
    port: Number(argValue('--port') ?? 8787),
    delayMs: Number(argValue('--delay') ?? 30),
  });
  console.log(`AG-UI demo agent: ${server.url}  (POST /agent, GET /events, app at /)`);
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
