// A local AG-UI endpoint that answers run requests with recorded runs, byte for byte:
// the recorded status and content type, the captured chunks as separate writes, spaced
// as recorded (scaled by speed; instant writes them back to back). CORS is open for local
// development. One journal line per request once its answer is complete.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedRun } from '../recording.js';
import { createPicker, type MatchMode } from './pick.js';
import { requestIds, type RequestIds } from './request-ids.js';

export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  /** Playback speed: 2 is twice as fast as recorded; Infinity writes without waiting. */
  readonly speed: number;
  readonly match: MatchMode;
  readonly loop: boolean;
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
}

export interface ReplayServer {
  readonly url: string;
  close(): Promise<void>;
}

const MAX_BODY = 16 * 1024 * 1024;

function cors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin !== undefined) {
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  }
  res.setHeader('Access-Control-Expose-Headers', 'Content-Type, X-Agui-Recorded-Run');
}

function preflight(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
  if (req.headers['access-control-request-private-network'] === 'true')
    res.setHeader('Access-Control-Allow-Private-Network', 'true');
  res.setHeader('Access-Control-Max-Age', '600');
  res.writeHead(204).end();
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (part: Buffer) => {
      size += part.length;
      if (size <= MAX_BODY) parts.push(part);
    });
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

/** Writes the run's pieces, waiting as recorded; resolves with bytes written and whether it finished. */
function play(run: RecordedRun, res: ServerResponse, speed: number): Promise<{ bytes: number; aborted: boolean }> {
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
      const piece = run.pieces[i];
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
      const next = run.pieces[i];
      const wait = next === undefined || !Number.isFinite(speed) ? 0 : Math.max(0, (next.at - from) / speed);
      if (wait === 0) setImmediate(step);
      else timer = setTimeout(step, wait);
    };
    res.writeHead(run.status, {
      'Content-Type': run.contentType,
      'Cache-Control': 'no-cache',
      'X-Agui-Recorded-Run': run.label,
    });
    res.flushHeaders();
    schedule(0);
  });
}

export async function startReplayServer(
  runs: readonly RecordedRun[],
  options: ServeOptions,
  journal: (entry: JournalEntry) => void,
): Promise<ReplayServer> {
  const picker = createPicker(runs, options.match, options.loop);
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    cors(req, res);
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (method === 'OPTIONS') return preflight(req, res);
    const body = method === 'POST' ? await readBody(req) : '';
    const ids: RequestIds = requestIds(url, body);
    const base = { method, path: url.pathname, ...ids };
    if (method !== 'POST' && method !== 'GET') {
      res
        .writeHead(405, { Allow: 'GET, POST, OPTIONS', 'Content-Type': 'application/json' })
        .end('{"error":"only GET and POST run requests are answered"}');
      journal({ ...base, status: 405, bytes: 0 });
      return;
    }
    const run = picker.next(ids.threadId);
    if (run === undefined) {
      const why =
        options.match === 'thread'
          ? `no recorded run left for thread ${JSON.stringify(ids.threadId ?? '')}`
          : 'no recorded run left (use --loop to start over)';
      const text = JSON.stringify({ error: why });
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(text);
      journal({ ...base, status: 404, bytes: 0 });
      return;
    }
    const played = await play(run, res, options.speed);
    journal({
      ...base,
      answeredBy: run.label,
      status: run.status,
      bytes: played.bytes,
      ...(played.aborted ? { aborted: true } : {}),
    });
  };
  const server: Server = createServer((req, res) => {
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
