// A run request that got no AG-UI answer: an error status or another content type (the
// start of the body is read from a clone, never from the page's copy), a rejected fetch (a
// refused connection, DNS, CORS, TLS) or an abort before the answer. It is reported as a
// stream of encoding 'none' — open, at most one chunk, end — which the core makes a failed
// run. A run request is one whose body names threadId/runId/messages (a RunAgentInput), one
// that accepts an event stream, or one to a URL that served an AG-UI stream before in this
// document. Nothing here may change what the page observes.
import type { ReplayedFrom, StreamEndReason } from '../bridge/messages.js';
import { errorText, isAbortError, type TapContext } from './context.js';
import type { RequestInfo } from './request-info.js';
import { readSealed } from './read-sealed.js';

/** Bytes of a failed answer's body read from its clone (the core shows at most this much). */
export const FAILED_BODY_BYTES = 4096;
/** URLs remembered as having served runs (oldest forgotten first is not worth its cost: a cap). */
const MAX_RUN_URLS = 256;

export interface RunUrls {
  readonly seen: Record<string, true>;
  count: number;
}

export function createRunUrls(ctx: TapContext): RunUrls {
  return ctx.S.bare({ seen: ctx.S.bare({}) as Record<string, true>, count: 0 });
}

/** The URL answered with an AG-UI stream: a later failure there is a failed run. */
export function rememberRunUrl(urls: RunUrls, url: string): void {
  if (urls.seen[url] === true || urls.count >= MAX_RUN_URLS) return;
  urls.seen[url] = true;
  urls.count++;
}

export function isRunRequest(ctx: TapContext, info: FailedRequest, urls: RunUrls): boolean {
  if (info.wantsStream || urls.seen[info.url] === true) return true;
  const body = info.body;
  if (body === undefined) return false;
  const { I } = ctx;
  return (
    I.strIndexOf(body, '"threadId"') >= 0 || I.strIndexOf(body, '"runId"') >= 0 || I.strIndexOf(body, '"messages"') >= 0
  );
}

/** The page API that made the request. */
export type RunTransport = 'fetch' | 'xhr' | 'eventsource';

/** What the failed-run reports need of a request (a fetch's RequestInfo has it all). */
export type FailedRequest = Pick<RequestInfo, 'method' | 'url' | 'headers' | 'body' | 'bodyNote' | 'wantsStream'>;

function emitOpen(
  ctx: TapContext,
  streamId: string,
  info: FailedRequest,
  url: string,
  status: number,
  type: string,
  transport: RunTransport = 'fetch',
  replayed?: ReplayedFrom,
): void {
  ctx.emit({
    kind: 'stream-open',
    streamId,
    seq: 0,
    t: ctx.now(),
    transport,
    encoding: 'none',
    url,
    method: info.method,
    requestHeaders: info.headers,
    ...(info.body !== undefined ? { requestBody: info.body } : {}),
    ...(info.bodyNote !== undefined ? { requestBodyNote: info.bodyNote } : {}),
    status,
    contentType: type,
    frameUrl: ctx.frameUrl(),
    ...(replayed ? { replayed } : {}),
  });
}

function emitEnd(ctx: TapContext, streamId: string, seq: number, reason: StreamEndReason, error?: string): void {
  ctx.emit({ kind: 'stream-end', streamId, seq, t: ctx.now(), reason, ...(error !== undefined ? { error } : {}) });
}

/**
 * A non-AG-UI answer to a run request: reports it and reads the start of its body from a
 * clone (a tee: the page's own reads are neither delayed nor changed), then cancels the clone.
 */
export function reportFailedAnswer(
  ctx: TapContext,
  res: Response,
  info: RequestInfo,
  status: number,
  contentType: string,
  /** An armed replay's answer that is no AG-UI stream (a conformance case's HTTP 500): the run it took. */
  replayed?: { readonly from: ReplayedFrom; readonly url: string },
): void {
  const { I, S } = ctx;
  const streamId = ctx.newId();
  const url = replayed ? replayed.url : I.resUrl(res) || info.url;
  emitOpen(ctx, streamId, info, url, status, contentType, 'fetch', replayed?.from);
  let body: ReadableStream<Uint8Array> | null = null;
  try {
    body = I.resBodyUsed(res) ? null : I.resBody(I.resClone(res));
  } catch {
    body = null;
  }
  if (body === null) return emitEnd(ctx, streamId, 1, 'complete');
  const reader = I.getReader(body);
  const head = new I.Uint8Array(FAILED_BODY_BYTES);
  let got = 0;
  let ended = false;
  const finish = (reason: StreamEndReason, error?: string): void => {
    if (ended) return;
    ended = true;
    if (got > 0)
      ctx.emit({
        kind: 'stream-chunk',
        streamId,
        seq: 1,
        t: ctx.now(),
        bytes: new I.Uint8Array(I.bufferOf(head), 0, got),
      });
    emitEnd(ctx, streamId, got > 0 ? 2 : 1, reason, error);
  };
  readSealed(ctx, reader, {
    value(v) {
      if (v === undefined) return true;
      const n = I.byteLength(v);
      const take = n < FAILED_BODY_BYTES - got ? n : FAILED_BODY_BYTES - got;
      I.taSet(head, take === n ? v : new I.Uint8Array(I.bufferOf(v), I.byteOffset(v), take), got);
      got += take;
      if (got < FAILED_BODY_BYTES) return true;
      S.then(
        I.readerCancel(reader),
        () => undefined,
        () => undefined,
      );
      finish('complete');
      return false;
    },
    done: () => finish('complete'),
    fault: () => finish('complete'),
    error: (err) => finish(isAbortError(err) ? 'aborted' : 'error', errorText(I, err)),
  });
}

/** The page's fetch of a run request rejected: a network error, or an abort before any answer. */
export function reportRejectedRun(ctx: TapContext, info: RequestInfo, err: unknown): void {
  const streamId = ctx.newId();
  emitOpen(ctx, streamId, info, info.url, 0, '');
  const aborted = isAbortError(err);
  emitEnd(ctx, streamId, 1, aborted ? 'aborted' : 'error', aborted ? undefined : errorText(ctx.I, err));
}

/**
 * An XMLHttpRequest run request answered with no AG-UI stream: `text` is the start of its
 * responseText as the native getter gives it (undefined when the page asked for another
 * responseType), read once the answer ended; nothing the page observes changes.
 */
export function reportFailedXhr(
  ctx: TapContext,
  info: FailedRequest,
  url: string,
  status: number,
  contentType: string,
  text: string | undefined,
  reason: StreamEndReason,
  error?: string,
  replayed?: ReplayedFrom,
): void {
  const { I } = ctx;
  const streamId = ctx.newId();
  emitOpen(ctx, streamId, info, url, status, contentType, 'xhr', replayed);
  let seq = 1;
  if (text !== undefined && text.length > 0) {
    const bytes = I.encode(new I.TextEncoder(), I.strSlice(text, 0, FAILED_BODY_BYTES));
    const n = I.byteLength(bytes);
    const kept = n > FAILED_BODY_BYTES ? new I.Uint8Array(I.bufferOf(bytes), 0, FAILED_BODY_BYTES) : bytes;
    ctx.emit({ kind: 'stream-chunk', streamId, seq: seq++, t: ctx.now(), bytes: kept });
  }
  emitEnd(ctx, streamId, seq, reason, error);
}

/** A run request that got no answer at all: `reason` 'aborted' before any, or 'error' (network, CORS, timeout). */
export function reportUnanswered(
  ctx: TapContext,
  info: FailedRequest,
  transport: RunTransport,
  reason: 'aborted' | 'error',
  error?: string,
): void {
  const streamId = ctx.newId();
  emitOpen(ctx, streamId, info, info.url, 0, '', transport);
  emitEnd(ctx, streamId, 1, reason, error);
}
