// Recorded streams as a HAR 1.2 log (one entry per stream), as Chrome's "Save all as HAR
// with content" writes it: event-stream bodies as text, protobuf bodies as base64. Shared
// by the CLI's `export --as har` and the panel's "Export HAR…"; pure (no file system).
import type { Entry, Har } from 'har-format';
import type { EventSourceMessage, StreamOpenInfo } from '../capture.js';
import type { CapturedChunk, SessionModel } from '../model/types.js';
import { concatBytes } from '../bytes.js';
import { encodeBase64 } from './base64.js';
import { decodeUtf8, encodeUtf8 } from './text.js';

export interface ReplayPiece {
  /** ms since the request started. */
  readonly at: number;
  readonly data: Uint8Array;
}

/** What a HAR entry needs of a recorded stream. */
export interface HarRun {
  /** The recording's file name (bare-body imports have no URL but it). */
  readonly file: string;
  readonly url: string;
  readonly method: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody?: string;
  readonly status: number;
  readonly contentType: string;
  readonly encoding: 'sse' | 'proto';
  /** When the response headers arrived (ms since epoch); the pieces' times count from here. */
  readonly startedAt: number;
  /** When the request was sent, where the capture saw it go: the entry's time to headers. */
  readonly requestedAt?: number;
  readonly pieces: readonly ReplayPiece[];
}

export function sseFrame(message: EventSourceMessage): string {
  const head = `${message.event !== '' && message.event !== 'message' ? `event: ${message.event}\n` : ''}${message.lastEventId !== '' ? `id: ${message.lastEventId}\n` : ''}`;
  return `${head}${message.data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('')}\n`;
}

/** A captured piece as the bytes a server would send (framed messages and events as SSE). */
export function pieceBytes(chunk: CapturedChunk): Uint8Array {
  switch (chunk.kind) {
    case 'bytes':
      return chunk.data;
    case 'message':
      return encodeUtf8(sseFrame(chunk.message));
    case 'event':
      return encodeUtf8(`data: ${JSON.stringify(chunk.event) ?? 'null'}\n\n`);
  }
}

/** Each piece with its time since the request; a clock that went backwards counts as no wait. */
export function piecesOf(info: StreamOpenInfo, chunks: readonly CapturedChunk[]): ReplayPiece[] {
  let last = info.startedAt;
  return chunks.map((c) => {
    last = Math.max(last, Number.isFinite(c.t) ? c.t : last);
    return { at: last - info.startedAt, data: pieceBytes(c) };
  });
}

/** How a recorded stream is served again: its status, content type and body encoding. */
export function servedHead(info: StreamOpenInfo): Pick<HarRun, 'status' | 'contentType' | 'encoding'> {
  const proto = info.encoding === 'proto';
  const framed = info.encoding === 'eventsource' || info.encoding === 'events';
  return {
    status: info.status > 0 ? info.status : 200,
    contentType:
      framed || info.contentType === ''
        ? proto
          ? 'application/vnd.ag-ui.event+proto'
          : 'text/event-stream'
        : info.contentType,
    encoding: proto ? 'proto' : 'sse',
  };
}

const lastSegment = (path: string): string => path.split(/[\\/]/).pop() ?? path;

/** The recorded URL when absolute; bare-body imports only know a file name. */
export function absoluteUrl(run: Pick<HarRun, 'url' | 'file'>): string {
  if (/^https?:\/\//i.test(run.url)) return run.url;
  return `http://127.0.0.1/recorded/${encodeURIComponent(lastSegment(run.url || run.file))}`;
}

export function methodOf(run: Pick<HarRun, 'method' | 'requestBody'>): string {
  return run.method !== '' ? run.method : run.requestBody !== undefined ? 'POST' : 'GET';
}

function entry(run: HarRun): Entry {
  const body = concatBytes(run.pieces.map((p) => p.data));
  const text = run.encoding === 'sse' ? decodeUtf8(body) : undefined;
  const receive = run.pieces[run.pieces.length - 1]?.at ?? 0;
  // The time to headers is the entry's wait (as a browser writes it); unknown, it is 0, which
  // the HAR reader takes as "cannot tell".
  const wait = run.requestedAt !== undefined ? Math.max(0, run.startedAt - run.requestedAt) : 0;
  const requestHeaders = Object.entries(run.requestHeaders).map(([name, value]) => ({ name, value }));
  return {
    startedDateTime: new Date(run.startedAt - wait).toISOString(),
    time: wait + receive,
    request: {
      method: methodOf(run),
      url: absoluteUrl(run),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: requestHeaders,
      queryString: [],
      ...(run.requestBody !== undefined ? { postData: { mimeType: 'application/json', text: run.requestBody } } : {}),
      headersSize: -1,
      bodySize: run.requestBody !== undefined ? encodeUtf8(run.requestBody).length : 0,
    },
    response: {
      status: run.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: run.contentType }],
      content: {
        size: body.length,
        mimeType: run.contentType,
        ...(text !== undefined ? { text } : { text: encodeBase64(body), encoding: 'base64' }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: body.length,
    },
    cache: {},
    timings: { send: 0, wait, receive },
  };
}

export function toHar(runs: readonly HarRun[], version: string | undefined): string {
  const har: Har = {
    log: {
      version: '1.2',
      creator: { name: 'agui-inspector', version: version ?? 'unknown' },
      pages: [],
      entries: runs.map(entry),
    },
  };
  return `${JSON.stringify(har, null, 2)}\n`;
}

/**
 * A session's recorded streams as a HAR, as the panel exports it: every stream with
 * captured pieces and at least one run, in session order.
 */
export function sessionToHar(model: SessionModel, file: string, version: string | undefined): string {
  const withRuns = new Set(model.runs.map((r) => r.streamId));
  const runs = model.streams
    .filter((s) => s.chunks.length > 0 && withRuns.has(s.info.streamId))
    .map((s): HarRun => ({
      file,
      url: s.info.url,
      method: s.info.method,
      requestHeaders: s.info.requestHeaders,
      ...(s.info.requestBody !== undefined ? { requestBody: s.info.requestBody } : {}),
      ...servedHead(s.info),
      startedAt: s.info.startedAt,
      ...(s.info.requestedAt !== undefined ? { requestedAt: s.info.requestedAt } : {}),
      pieces: piecesOf(s.info, s.chunks),
    }));
  return toHar(runs, version);
}
