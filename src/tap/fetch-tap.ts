// window.fetch, replaced by a function that looks native. Like the native, it first makes
// a Request of the page's arguments (the native constructor, captured at start-up: the one
// read of `init`, in the same order, with the same `this` for its getters; a watching Proxy
// around `init` learns the body value that read returned), then calls the original with
// that Request, armed for a replay or not (./build-request.ts). Only event-stream (and AG-UI proto) responses
// are touched: they get a pass-through body (./body-copy.ts) in a native Response whose
// url, redirected, type and immutable headers come from ./response-identity.ts (no own
// property on the object). Everything else is returned as it came. Any failure of ours
// falls back to the page's own response: the request never fails because of us.
import { describeRequest, type RequestInfo } from './request-info.js';
import { prepareRequest, type BuiltRequest } from './build-request.js';
import { copyBody } from './body-copy.js';
import { captureEncoding, type TapContext } from './context.js';
import type { TapWireMessage } from '../bridge/messages.js';
import { installResponseIdentity } from './response-identity.js';
import { copyBytes } from './bytes.js';
import { batchSink } from './chunk-batch.js';
import { createReplayFetch, type Replayed } from './replay-fetch.js';
import type { ReplayState, ReplayWindow } from './replay-state.js';
import { createRunUrls, isRunRequest, rememberRunUrl, reportFailedAnswer, reportRejectedRun } from './failed-run.js';

export interface FetchWindow {
  fetch: typeof fetch;
  readonly location: { readonly href: string };
}

const NULL_BODY = [101, 103, 204, 205, 304] as const;

export function installFetchTap(
  win: FetchWindow & Partial<ReplayWindow>,
  ctx: TapContext,
  replay?: ReplayState,
): () => void {
  const { I, S } = ctx;
  const original = win.fetch;
  const identity = installResponseIdentity(ctx, I.Response.prototype, I.Headers.prototype);
  const runUrls = createRunUrls(ctx);

  const wrap = (res: Response, info: RequestInfo, replayed?: Replayed): Response => {
    const contentType = I.headersGet(I.resHeaders(res), 'content-type') ?? '';
    const encoding = captureEncoding(I, contentType);
    const status = I.resStatus(res);
    if (!encoding) {
      // A run request answered with anything but an AG-UI stream is a failed run (./failed-run.ts).
      if (!replayed && isRunRequest(ctx, info, runUrls)) reportFailedAnswer(ctx, res, info, status, contentType);
      return res;
    }
    if (!replayed) rememberRunUrl(runUrls, info.url);
    const body = I.resBody(res);
    if (
      body === null ||
      status === NULL_BODY[0] ||
      status === NULL_BODY[1] ||
      status === NULL_BODY[2] ||
      status === NULL_BODY[3] ||
      status === NULL_BODY[4]
    )
      return res;
    const streamId = ctx.newId();
    const t0 = ctx.now();
    let seq = 0;
    // While a Request body is still being read from its clone, hold this stream's
    // messages so stream-open carries the body; the page's path never waits for it.
    // The read always settles (an in-memory body at once; a streamed upload when it
    // ends or fails), and what is held is bounded by the byte cap.
    let held: { m: TapWireMessage; t: Iterable<Transferable> | undefined; next?: unknown } | undefined;
    let tail: typeof held;
    const send = (m: TapWireMessage, t?: Iterable<Transferable>): void => {
      if (!held) return ctx.emit(m, t);
      const item = S.bare({ m, t });
      if (tail) tail.next = item;
      tail = item;
    };
    const release = (): void => {
      let q = held?.next as typeof held;
      if (!held) return;
      held = tail = undefined;
      ctx.emit(openMessage(ctx, streamId, t0, encoding, res, info, contentType, replayed));
      for (; q; q = q.next as typeof held) ctx.emit(q.m, q.t);
    };
    const sink = batchSink(
      I,
      {
        chunk: (page, own, t) => {
          // The page's own chunk can only be cloned at once; a held message needs our copy.
          const bytes = own || !held ? page : copyBytes(I, page, I.byteLength(page));
          send(
            { kind: 'stream-chunk', streamId, seq: ++seq, t, bytes },
            own || held ? S.one(I.bufferOf(bytes)) : undefined,
          );
        },
        end: (reason, error) => {
          // A replay ended from the panel says so; the page saw only the network error.
          const why = reason === 'error' ? replayed?.why?.() : undefined;
          const text = why ?? error;
          send({
            kind: 'stream-end',
            streamId,
            seq: ++seq,
            t: ctx.now(),
            reason,
            ...(text !== undefined ? { error: text } : {}),
          });
        },
      },
      ctx.later,
      ctx.gathering,
    );
    const copy = copyBody(ctx, body, sink);
    // Built before anything is emitted: if the constructor refuses, the page gets `res`.
    const headers = S.bare({} as Record<string, string>);
    I.headersForEach(I.resHeaders(res), (v, k) => void (headers[k] = v));
    const out = I.construct(I.Response, [
      copy.stream,
      S.bare({ status, statusText: I.resStatusText(res), headers }),
    ]) as Response;
    identity.adopt(out, res, replayed && S.bare({ url: replayed.url, redirected: false, type: replayed.type }));
    if (info.pending && info.body === undefined && info.bodyNote === undefined) {
      held = tail = S.bare({ m: undefined as unknown as TapWireMessage, t: undefined });
      S.then(info.pending, release, release);
    } else ctx.emit(openMessage(ctx, streamId, t0, encoding, res, info, contentType, replayed));
    if (info.signal) I.addListener(info.signal, 'abort', () => copy.end('aborted'), S.bare({ once: true }));
    return out;
  };

  const capture = (p: Promise<Response>, seen: RequestInfo): Promise<Response> =>
    // The promise the page gets is a fresh native one: `p` itself is sealed and stays ours.
    I.then(
      S.seal(p),
      (res: Response) => {
        try {
          return wrap(res, seen);
        } catch {
          return res;
        }
      },
      (err: unknown) => {
        // The page gets the very rejection the native gave; we only note it for a run request.
        try {
          if (isRunRequest(ctx, seen, runUrls)) reportRejectedRun(ctx, seen, err);
        } catch {
          // never let our note change the rejection
        }
        throw err;
      },
    ) as Promise<Response>;
  const replayFetch =
    replay && win.JSON && win.setTimeout && win.clearTimeout && win.Request
      ? createReplayFetch(ctx, win as ReplayWindow, replay, { wrap })
      : undefined;

  const patched = ctx.mask(
    {
      fetch(this: unknown, ...args: unknown[]): Promise<Response> {
        const prepared = prepareRequest(ctx, win, this, args);
        let built: BuiltRequest | undefined;
        try {
          // Here, not in a helper: the page's getters run under this frame alone (and the watcher's).
          if (prepared)
            built = S.bare({
              req: I.construct(I.Request, prepared.ctorArgs) as Request,
              seen: prepared.seen,
              early: prepared.early,
            });
        } catch {
          built = undefined;
        }
        if (!built) {
          // A foreign `this`, or arguments the browser refuses: the original says so itself.
          try {
            return I.apply(original, this, args) as Promise<Response>;
          } catch (err) {
            S.hideFrames(err, patched);
            throw err;
          }
        }
        const armed = replayFetch ? replay?.armed() : undefined;
        if (armed && replayFetch) {
          try {
            const answered = replayFetch(built, armed);
            if (answered) return answered;
          } catch {
            // fall through to the normal path
          }
        }
        let info: RequestInfo | undefined;
        try {
          info = describeRequest(ctx, built.req, built.seen, built.early);
        } catch {
          info = undefined;
        }
        const p = I.apply(original, this, [built.req]) as Promise<Response>;
        if (!info) return p;
        try {
          return capture(p, info);
        } catch {
          return p;
        }
      },
    }.fetch,
    'fetch',
    1,
  );
  win.fetch = patched;
  return () => {
    if (win.fetch === patched) win.fetch = original;
    identity.restore();
  };
}

function openMessage(
  ctx: TapContext,
  streamId: string,
  t: number,
  encoding: 'sse' | 'proto',
  res: Response,
  info: RequestInfo,
  contentType: string,
  replayed?: Replayed,
): TapWireMessage {
  return {
    kind: 'stream-open',
    streamId,
    seq: 0,
    t,
    transport: 'fetch',
    encoding,
    url: replayed?.url ?? (ctx.I.resUrl(res) || info.url),
    method: info.method,
    requestHeaders: info.headers,
    ...(info.body !== undefined ? { requestBody: info.body } : {}),
    ...(info.bodyNote !== undefined
      ? { requestBodyNote: info.bodyNote }
      : info.body === undefined && info.pending
        ? { requestBodyNote: '[pending]' }
        : {}),
    status: ctx.I.resStatus(res),
    contentType,
    frameUrl: ctx.frameUrl(),
    ...(replayed ? { replayed: replayed.from } : {}),
  };
}
