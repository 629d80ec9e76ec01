// A local AG-UI endpoint that answers run requests with recorded runs, byte for byte:
// the recorded status and content type, the captured chunks as separate writes, spaced
// as recorded (scaled by speed; instant writes them back to back), with the request's
// threadId/runId in the lifecycle events unless keepIds. Only loopback pages (and
// --allow-origin ones) may call it (./guard.ts); bodies are bounded (./request-body.ts).
// One journal line per request once its answer is complete.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import type { RunHead, ReplayPiece, ServedRun, StreamedRun } from '../recording.js';
import { createGuard, type Guard } from './guard.js';
import type { MatchMode } from '../../core/replay/pick.js';
import { createPicker, requestIds } from '../core-deps.js';
import { jsonDepth, MAX_BODY_BYTES, MAX_JSON_DEPTH, readBody } from './request-body.js';
import type { RequestIds } from '../../core/replay/request-ids.js';
import { withRequestIds } from './rewrite-ids.js';

export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  /** Playback speed: 2 is twice as fast as recorded; Infinity writes without waiting. */
  readonly speed: number;
  readonly match: MatchMode;
  readonly loop: boolean;
  /** Answer with the recorded threadId/runId instead of the request's. */
  readonly keepIds: boolean;
  /** Origins besides loopback ones that may call the server (exact, e.g. "https://app.example"). */
  readonly allowOrigins: readonly string[];
  /** Closes a connection whose request head is not complete by then (default HEAD_TIMEOUT_MS). */
  readonly headTimeoutMs?: number;
}

/**
 * A request may name the run that answers it, by its label (a case id under `--cases`):
 * the `X-Agui-Run` header or the `run` query parameter (what a client that cannot set
 * headers, such as EventSource, can send).
 */
export const PICK_HEADER = 'x-agui-run';
export const PICK_QUERY = 'run';

function namedRun<R extends ServedRun>(runs: readonly R[], url: URL, req: IncomingMessage): R | 'none' | undefined {
  const header = req.headers[PICK_HEADER];
  const name = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get(PICK_QUERY) ?? undefined;
  if (name === undefined || name === '') return undefined;
  return runs.find((r) => r.label === name) ?? 'none';
}

export interface JournalEntry {
  readonly method: string;
  readonly path: string;
  readonly threadId?: string;
  readonly runId?: string;
  /** The recorded run that answered ("file#n"), absent when none did. */
  readonly answeredBy?: string;
  readonly status: number;
  readonly bytes: number;
  /** The client went away before the run was fully sent. */
  readonly aborted?: boolean;
  /** ms from the request to the answer's end (or the client going away). */
  readonly ms?: number;
}

export interface ReplayServer {
  readonly url: string;
  close(): Promise<void>;
}

function preflight(req: IncomingMessage, res: ServerResponse, guard: Guard): void {
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
  // Private Network Access only for an origin the user named: a public page reaching localhost.
  if (req.headers['access-control-request-private-network'] === 'true' && guard.allowedExplicitly(req))
    res.setHeader('Access-Control-Allow-Private-Network', 'true');
  res.setHeader('Access-Control-Max-Age', '600');
  res.writeHead(204).end();
}

/**
 * Only a POST run request or a GET that asks for an event stream (EventSource sends
 * `Accept: text/event-stream`) takes a recorded run: a readiness probe (Playwright's
 * `webServer.url`, a load balancer's GET /, a HEAD) must not use one up.
 */
function takesRun(method: string, url: URL, req: IncomingMessage): boolean {
  if (url.pathname === HEALTH_PATH) return false;
  if (method === 'POST') return true;
  return method === 'GET' && (req.headers.accept ?? '').toLowerCase().includes('text/event-stream');
}

const HEALTH_PATH = '/healthz';

/** A readiness answer (200) to GET/HEAD, 405 to other methods; returns the status. */
function answerReady(method: string, url: URL, res: ServerResponse, runsLeft: number | undefined): number {
  if (method !== 'GET' && method !== 'HEAD') {
    res
      .writeHead(405, { Allow: 'GET, HEAD, POST, OPTIONS', 'Content-Type': 'application/json' })
      .end('{"error":"only GET and POST run requests are answered"}');
    return 405;
  }
  const body =
    url.pathname === HEALTH_PATH
      ? 'ok\n'
      : `${JSON.stringify({ ready: true, runsLeft: runsLeft ?? 'looping', runRequests: 'POST, or GET with Accept: text/event-stream' })}\n`;
  const type = url.pathname === HEALTH_PATH ? 'text/plain; charset=utf-8' : 'application/json';
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(method === 'HEAD' ? undefined : body);
  return 200;
}

/** How long a refused body is still read (and dropped), so the client is reading when the 413 arrives. */
const DRAIN_REFUSED_MS = 2_000;
const DRAIN_REFUSED_BYTES = 64 * 1024 * 1024;

/**
 * 413 for a body over the limit. Closing at once with the body unread makes the kernel
 * reset the connection, and a client still sending sees ECONNRESET instead of the answer;
 * so the rest is read and dropped for a bounded time and size (as a lingering close), then
 * the connection is closed.
 */
function refuseTooLarge(req: IncomingMessage, res: ServerResponse): void {
  let dropped = 0;
  const socket = req.socket;
  const stop = setTimeout(() => socket.destroy(), DRAIN_REFUSED_MS);
  stop.unref();
  req.on('data', (part: Buffer) => {
    dropped += part.length;
    if (dropped > DRAIN_REFUSED_BYTES) socket.destroy();
  });
  req.on('end', () => clearTimeout(stop));
  req.on('close', () => clearTimeout(stop));
  req.resume();
  refuse(res, 413, `request body over ${MAX_BODY_BYTES / (1024 * 1024)} MB`);
}

function refuse(res: ServerResponse, status: number, error: string): void {
  res
    .writeHead(status, { 'Content-Type': 'application/json', ...(status === 413 ? { Connection: 'close' } : {}) })
    .end(JSON.stringify({ error }));
}

/** The recording as a page may see it: file name and index, never the path on this machine. */
export function publicLabel(run: RunHead): string {
  const hash = run.label.lastIndexOf('#');
  // A label without "#n" names no file (a conformance case's id).
  return hash < 0 ? run.label : `${basename(run.file)}${run.label.slice(hash)}`;
}

/** Writes the run's pieces, waiting as recorded; resolves with bytes written and whether it finished. */
function play(
  run: RunHead,
  pieces: readonly ReplayPiece[],
  res: ServerResponse,
  speed: number,
): Promise<{ bytes: number; aborted: boolean }> {
  return new Promise((resolve) => {
    let bytes = 0;
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = (aborted: boolean) => {
      if (done) return;
      done = true;
      if (timer !== undefined) clearTimeout(timer);
      resolve({ bytes, aborted });
    };
    res.on('close', () => finish(!res.writableFinished));
    const step = () => {
      timer = undefined;
      if (done) return;
      const piece = pieces[i];
      if (piece === undefined) {
        res.end(() => finish(false));
        return;
      }
      i++;
      res.write(piece.data);
      bytes += piece.data.length;
      schedule(piece.at);
    };
    const schedule = (from: number) => {
      const next = pieces[i];
      const wait = next === undefined || !Number.isFinite(speed) ? 0 : Math.max(0, (next.at - from) / speed);
      if (wait === 0) setImmediate(step);
      else timer = setTimeout(step, wait);
    };
    writeHead(run, res);
    schedule(0);
  });
}

function writeHead(run: RunHead, res: ServerResponse): void {
  res.writeHead(run.status, {
    'Content-Type': run.contentType,
    'Cache-Control': 'no-cache',
    'X-Agui-Recorded-Run': publicLabel(run),
  });
  res.flushHeaders();
}

/**
 * Writes a body read from its file as it is read: waiting as recorded (scaled by speed)
 * and for the client to take each piece.
 */
async function playStreamed(
  run: StreamedRun,
  ids: RequestIds | undefined,
  res: ServerResponse,
  speed: number,
): Promise<{ bytes: number; aborted: boolean }> {
  let closed = false;
  const gone = once(res, 'close').then(() => (closed = true));
  writeHead(run, res);
  let bytes = 0;
  let last = 0;
  const pieces = run.readPieces(ids);
  for await (const piece of pieces) {
    const wait = Number.isFinite(speed) ? Math.max(0, (piece.at - last) / speed) : 0;
    last = Math.max(last, piece.at);
    if (wait > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([new Promise((done) => (timer = setTimeout(done, wait))), gone]);
      clearTimeout(timer);
    }
    if (closed) break;
    bytes += piece.data.length;
    if (!res.write(piece.data)) await Promise.race([once(res, 'drain'), gone]);
  }
  if (closed) return { bytes, aborted: true };
  await new Promise<void>((resolve) => res.end(() => resolve()));
  return { bytes, aborted: false };
}

/**
 * A connection that has not sent a whole request head by then is closed (Node's default
 * 60 s let 300 slow-header connections stay open 75 s); a whole request (head and body,
 * not the answer, which may stream for minutes) by REQUEST_TIMEOUT_MS.
 */
export const HEAD_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 60_000;

// Node checks the timeouts every connectionsCheckingInterval (30 s by default), which
// would let a slow head stay up to 40 s: check often enough to keep the bound.
const timeouts = (head: number) => ({
  headersTimeout: head,
  requestTimeout: Math.max(REQUEST_TIMEOUT_MS, head),
  connectionsCheckingInterval: Math.max(50, Math.min(1_000, head / 4)),
});

export async function startReplayServer(
  runs: readonly ServedRun[],
  options: ServeOptions,
  journal: (entry: JournalEntry) => void,
): Promise<ReplayServer> {
  const picker = createPicker(runs, options.match, options.loop);
  const guard = createGuard(options.allowOrigins, options.host);
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://localhost');
    const refused = guard.check(req, res);
    if (refused !== undefined) {
      refuse(res, 403, refused);
      journal({ method, path: url.pathname, status: 403, bytes: 0 });
      return;
    }
    if (method === 'OPTIONS') return preflight(req, res, guard);
    if (!takesRun(method, url, req)) {
      const status = answerReady(method, url, res, picker.left());
      journal({ method, path: url.pathname, status, bytes: 0 });
      return;
    }
    const read = method === 'POST' ? await readBody(req) : ({ ok: true, text: '' } as const);
    if (!read.ok) {
      refuseTooLarge(req, res);
      journal({ method, path: url.pathname, status: 413, bytes: 0 });
      return;
    }
    if (jsonDepth(read.text) > MAX_JSON_DEPTH) {
      refuse(res, 400, `request body nests deeper than ${MAX_JSON_DEPTH} levels`);
      journal({ method, path: url.pathname, status: 400, bytes: 0 });
      return;
    }
    const ids: RequestIds = requestIds(url.searchParams, read.text);
    const base = { method, path: url.pathname, ...ids };
    const named = namedRun(runs, url, req);
    const run = named === 'none' ? undefined : (named ?? picker.next(ids.threadId));
    if (run === undefined) {
      const why =
        named === 'none'
          ? `no recorded run is named ${JSON.stringify(req.headers[PICK_HEADER] ?? url.searchParams.get(PICK_QUERY))}`
          : options.match === 'thread'
            ? `no recorded run left for thread ${JSON.stringify(ids.threadId ?? '')}`
            : 'no recorded run left (use --loop to start over)';
      const text = JSON.stringify({ error: why });
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(text);
      journal({ ...base, status: 404, bytes: 0 });
      return;
    }
    const begun = Date.now();
    const keep = options.keepIds || run.encoding === 'proto';
    const played =
      'readPieces' in run
        ? await playStreamed(run, keep ? undefined : ids, res, options.speed)
        : await play(run, keep ? run.pieces : withRequestIds(run, ids), res, options.speed);
    journal({
      ...base,
      answeredBy: run.label,
      status: run.status,
      bytes: played.bytes,
      ...(played.aborted ? { aborted: true } : {}),
      ms: Date.now() - begun,
    });
  };
  const server: Server = createServer(timeouts(options.headTimeoutMs ?? HEAD_TIMEOUT_MS), (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
