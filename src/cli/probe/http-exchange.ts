// One HTTP request of the probe and everything that came back, timed. Node's http client
// rather than fetch: cancellation has to be observable. The probe cancels as a browser
// aborting a fetch does (it stops sending: FIN), but keeps its receiving side open, so
// it can measure whether the server then closes the connection and stops sending.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

export interface ExchangeRequest {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
  /** For cancellation: how long the server has to close after the probe's abort. */
  readonly graceMs?: number;
  /**
   * The most body bytes (after Content-Encoding) read from one answer: past it the probe
   * stops reading, so a server that never ends its body cannot exhaust memory.
   */
  readonly maxBytes: number;
  /** How long the body may stay open once onPiece said the run reached its terminal event. */
  readonly endGraceMs: number;
}

export interface ResponseHead {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly contentType: string;
}

export interface Piece {
  readonly t: number;
  readonly data: Uint8Array;
}

export interface CancelMeasure {
  /** When the probe aborted (ms since epoch). */
  readonly at: number;
  /** Index in `pieces` of the first piece that arrived after the abort. */
  readonly firstPieceAfter: number;
  /** Body bytes that still arrived after the abort. */
  readonly bytesAfter: number;
  /** ms from the abort to the server closing the connection; absent when it did not within the grace. */
  readonly closedAfterMs?: number;
}

/**
 * 'too-large': the probe stopped reading at maxBytes; 'open-after-terminal': the body was
 * still open endGraceMs after the run's terminal event, and the probe stopped reading.
 */
export type ExchangeEnd = 'complete' | 'timeout' | 'cancelled' | 'error' | 'too-large' | 'open-after-terminal';

export interface Exchange {
  readonly startedAt: number;
  readonly head?: ResponseHead;
  /** When the response headers arrived (ms since epoch). */
  readonly headAt?: number;
  readonly pieces: readonly Piece[];
  readonly end: ExchangeEnd;
  readonly endedAt: number;
  /** Why the connection failed (no answer, reset). */
  readonly error?: string;
  readonly cancel?: CancelMeasure;
}

export interface ExchangeHooks {
  readonly onHead?: (head: ResponseHead, t: number) => void;
  /**
   * Called per body piece; return 'cancel' to abort the run there, 'terminal' once the run
   * has reached its terminal event (the body then has endGraceMs to end).
   */
  readonly onPiece?: (piece: Piece) => 'cancel' | 'terminal' | void;
}

function flat(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** The body as sent, undone of its Content-Encoding (fetch does the same for HttpAgent). */
function decoded(res: IncomingMessage): Readable {
  const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return res.pipe(createGunzip());
  if (encoding === 'deflate') return res.pipe(createInflate());
  if (encoding === 'br') return res.pipe(createBrotliDecompress());
  return res;
}

export function sendExchange(req: ExchangeRequest, hooks: ExchangeHooks = {}): Promise<Exchange> {
  const startedAt = Date.now();
  const pieces: Piece[] = [];
  let head: ResponseHead | undefined;
  let headAt: number | undefined;
  let cancel: { at: number; firstPieceAfter: number; bytesAfter: number; closedAfterMs?: number } | undefined;
  let settled = false;
  let received = 0;
  let terminal = false;
  return new Promise<Exchange>((resolve) => {
    const send = req.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const client = send(req.url, { method: 'POST', headers: req.headers, agent: false });
    const timers: NodeJS.Timeout[] = [];
    const finish = (end: ExchangeEnd, error?: string): void => {
      if (settled) return;
      // Whatever ended the exchange before the grace ran out was the server closing.
      if (cancel !== undefined && end !== 'cancelled' && end !== 'timeout' && end !== 'too-large')
        cancel.closedAfterMs = Date.now() - cancel.at;
      settled = true;
      for (const t of timers) clearTimeout(t);
      client.destroy();
      resolve({
        startedAt,
        ...(head !== undefined ? { head } : {}),
        ...(headAt !== undefined ? { headAt } : {}),
        pieces,
        end: cancel !== undefined ? 'cancelled' : end,
        endedAt: Date.now(),
        ...(error !== undefined && cancel === undefined ? { error } : {}),
        ...(cancel !== undefined ? { cancel } : {}),
      });
    };
    timers.push(setTimeout(() => finish('timeout'), req.timeoutMs));
    const abort = (): void => {
      cancel = { at: Date.now(), firstPieceAfter: pieces.length, bytesAfter: 0 };
      // Stop sending, keep listening: a server honouring the abort closes its side.
      client.socket?.end();
      timers.push(setTimeout(() => finish('cancelled'), req.graceMs ?? 2000));
    };
    client.on('socket', (socket) => {
      // Once a response is there, its body stream says how it ended (a decompressor
      // may still hold data when the socket closes).
      socket.on('close', () => {
        if (head === undefined) finish('error', 'the connection closed before a response');
      });
    });
    client.on('error', (e) => finish('error', e.message));
    client.on('response', (res) => {
      head = {
        status: res.statusCode ?? 0,
        headers: flat(res),
        contentType: typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : '',
      };
      headAt = Date.now();
      hooks.onHead?.(head, headAt);
      const body = decoded(res);
      body.on('data', (chunk: Buffer) => {
        if (settled) return;
        received += chunk.length;
        if (received > req.maxBytes) {
          // Stop at once: nothing past the bound is kept, and the socket goes with it.
          finish('too-large');
          return;
        }
        const piece = { t: Date.now(), data: new Uint8Array(chunk) };
        if (cancel !== undefined) {
          cancel.bytesAfter += chunk.length;
          pieces.push(piece);
          return;
        }
        pieces.push(piece);
        const said = hooks.onPiece?.(piece);
        if (said === 'cancel') abort();
        else if (said === 'terminal' && !terminal) {
          terminal = true;
          timers.push(setTimeout(() => finish('open-after-terminal'), req.endGraceMs));
        }
      });
      body.on('end', () => finish('complete'));
      body.on('error', (e) => finish('error', e.message));
      res.on('close', () => {
        if (!res.complete) setImmediate(() => finish('error', 'the server closed the connection mid-body'));
      });
    });
    client.end(req.body);
  });
}
