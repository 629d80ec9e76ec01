// A loopback server that plays one conformance case at a time, paced as the case says,
// for agui.conformance: the app's run request is routed here (route.continue keeps the
// page's own URL), the case's bytes stream back with the request's own ids, and the server
// notes how the request ended — the body read to its end, or cancelled by the app.
// Requests after the first in a case (a frontend tool's answer, a retry) get a plain run
// that starts and finishes, so an app that loops on a case does not loop for ever.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { caseRun } from '../core/client-cases/wire.js';
import type { ClientCase } from '../core/client-cases/types.js';
import type { ReplayPiece } from '../core/io/recorded-runs.js';
import { requestIds, type RequestIds } from '../core/replay/request-ids.js';
import { withRequestIds } from '../core/replay/rewrite-pieces.js';

export type RequestEnding = 'open' | 'read to the end' | 'cancelled by the app' | 'left open (the runner ended it)';

export interface CaseRequest {
  readonly caseId: string;
  /** The first request of the case got the case; later ones a plain finished run. */
  readonly followUp: boolean;
  ending: RequestEnding;
  /** ms from the request to its ending. */
  ms: number;
}

export interface CaseServer {
  readonly url: string;
  /** The case the next run request gets. */
  play(c: ClientCase): void;
  readonly requests: readonly CaseRequest[];
  /** Ends every answer still open (the app's connections see the body end). */
  endOpen(): void;
  close(): Promise<void>;
}

const enc = new TextEncoder();

function plainRun(ids: RequestIds): ReplayPiece[] {
  const thread = ids.threadId ?? 'conformance-thread';
  const run = ids.runId ?? 'conformance-follow-up';
  return ['RUN_STARTED', 'RUN_FINISHED'].map((type, i) => ({
    at: i,
    data: enc.encode(`data: ${JSON.stringify({ type, threadId: thread, runId: run })}\n\n`),
  }));
}

async function bodyText(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const part of req) text += String(part);
  return text;
}

export async function startCaseServer(speed: number): Promise<CaseServer> {
  let current: ClientCase | undefined;
  let taken = false;
  const requests: CaseRequest[] = [];
  const open = new Set<ServerResponse>();
  const forced = new WeakSet<ServerResponse>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    const cors = origin !== undefined ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
    const text = req.method === 'POST' ? await bodyText(req) : '';
    const ids = requestIds(new URL(req.url ?? '/', 'http://localhost').searchParams, text);
    const c = current;
    if (c === undefined) {
      res
        .writeHead(404, { ...cors, 'Content-Type': 'application/json' })
        .end('{"error":"no conformance case is playing"}');
      return;
    }
    const followUp = taken;
    taken = true;
    const run = caseRun(c);
    const pieces = followUp ? plainRun(ids) : withRequestIds(run.pieces, run.idPatches, ids);
    const entry: CaseRequest = { caseId: c.id, followUp, ending: 'open', ms: 0 };
    requests.push(entry);
    const began = Date.now();
    open.add(res);
    res.on('close', () => {
      open.delete(res);
      if (entry.ending === 'open')
        entry.ending = res.writableFinished
          ? 'read to the end'
          : forced.has(res)
            ? 'left open (the runner ended it)'
            : 'cancelled by the app';
      entry.ms = Date.now() - began;
    });
    res.writeHead(followUp ? 200 : run.status, {
      ...cors,
      'Content-Type': followUp ? 'text/event-stream' : run.contentType,
      'Cache-Control': 'no-cache',
    });
    res.flushHeaders();
    for (const piece of pieces) {
      const wait = began + piece.at / speed - Date.now();
      if (wait > 0) await Promise.race([new Promise((r) => setTimeout(r, wait)), once(res, 'close')]);
      if (res.destroyed || res.writableEnded) return;
      res.write(piece.data);
    }
    res.end();
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    play(c) {
      current = c;
      taken = false;
    },
    requests,
    endOpen() {
      for (const res of open) {
        forced.add(res);
        res.destroy();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
