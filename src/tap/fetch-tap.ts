// window.fetch, replaced by a function that looks native. Like the native, it first makes
// a Request of the page's arguments (the native constructor, captured at start-up: the one
// read of `init`, in the same order, with the same `this` for its getters; a watching Proxy
// around `init` learns the body value that read returned), then calls the original with
// that Request, armed for a replay or not (./build-request.ts). Only event-stream (and AG-UI
// proto) responses are touched (./fetch-stream.ts). Everything else is returned as it came.
// Any failure of ours falls back to the page's own response: the request never fails
// because of us.
import { describeRequest, type RequestInfo } from './request-info.js';
import { prepareRequest, type BuiltRequest } from './build-request.js';
import { captureEncoding, type TapContext } from './context.js';
import { installResponseIdentity } from './response-identity.js';
import { createReplayFetch, type Replayed } from './replay-fetch.js';
import type { ReplayState, ReplayWindow } from './replay-state.js';
import { createRunUrls, isRunRequest, rememberRunUrl, reportFailedAnswer, reportRejectedRun } from './failed-run.js';
import { tapStreamResponse } from './fetch-stream.js';

export interface FetchWindow {
  fetch: typeof fetch;
  readonly location: { readonly href: string };
}

/** Statuses whose response has no body, whatever its headers say. */
const NULL_BODY = [101, 103, 204, 205, 304] as const;
// Compared one by one: an Array method could be one the page replaced.
const isNullBodyStatus = (status: number): boolean =>
  status === NULL_BODY[0] ||
  status === NULL_BODY[1] ||
  status === NULL_BODY[2] ||
  status === NULL_BODY[3] ||
  status === NULL_BODY[4];

export function installFetchTap(
  win: FetchWindow & Partial<ReplayWindow>,
  ctx: TapContext,
  replay?: ReplayState,
): () => void {
  const { I: natives, S: safe } = ctx;
  const original = win.fetch;
  const identity = installResponseIdentity(ctx, natives.Response.prototype, natives.Headers.prototype);
  const runUrls = createRunUrls(ctx);

  /** The response the page gets: a tapped copy of an AG-UI stream, or `res` itself. */
  const wrap = (res: Response, info: RequestInfo, replayed?: Replayed): Response => {
    const contentType = natives.headersGet(natives.resHeaders(res), 'content-type') ?? '';
    const encoding = captureEncoding(natives, contentType);
    const status = natives.resStatus(res);
    if (!encoding) {
      if (replayed) {
        // A replayed answer that is no AG-UI stream (a conformance case's HTTP 500 or error
        // page): the server's identity for the page, and a failed run marked replayed for the
        // panel, which counts it as the arm's run taken.
        identity.adopt(res, res, safe.bare({ url: replayed.url, redirected: false, type: replayed.type }));
        reportFailedAnswer(ctx, res, info, status, contentType, replayed);
        return res;
      }
      // A run request answered with anything but an AG-UI stream is a failed run (./failed-run.ts).
      if (isRunRequest(ctx, info, runUrls)) reportFailedAnswer(ctx, res, info, status, contentType);
      return res;
    }
    if (!replayed) rememberRunUrl(runUrls, info.url);
    const body = natives.resBody(res);
    if (body === null || isNullBodyStatus(status)) return res;
    return tapStreamResponse(ctx, identity, { res, body, status, contentType, encoding, info, replayed });
  };

  const capture = (p: Promise<Response>, seen: RequestInfo): Promise<Response> =>
    // The promise the page gets is a fresh native one: `p` itself is sealed and stays ours.
    natives.then(
      safe.seal(p),
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
            built = safe.bare({
              req: natives.construct(natives.Request, prepared.ctorArgs) as Request,
              seen: prepared.seen,
              early: prepared.early,
            });
        } catch {
          built = undefined;
        }
        if (!built) {
          // A foreign `this`, or arguments the browser refuses: the original says so itself.
          try {
            return natives.apply(original, this, args) as Promise<Response>;
          } catch (err) {
            safe.hideFrames(err, patched);
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
        if (info) info.requestedAt = ctx.now();
        const p = natives.apply(original, this, [built.req]) as Promise<Response>;
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
