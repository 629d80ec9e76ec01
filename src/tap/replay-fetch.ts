// fetch while a replay is armed, given the Request the fetch tap built from the page's
// arguments (./build-request.ts, the same as without a replay). An AG-UI run request
// (Accept: text/event-stream, or a POST whose body, known at once, is a RunAgentInput;
// optionally only URLs matching the pattern) is answered here from the recording, with no
// network request; anything else is left to the fetch tap's normal path at once, so it
// proceeds exactly as when unarmed (a Blob or Request body is never waited for: order with
// later requests holds). The answer goes through the normal capture
// path (the caller's `wrap`), marked replayed, so the panel sees what the app did with it.
import type { ReplayedFrom } from '../bridge/messages.js';
import { armAnswersUrl, originOf } from './replay-url.js';
import { runInputs } from './replay-input.js';
import type { TapContext } from './context.js';
import { describeRequest, type RequestInfo } from './request-info.js';
import type { BuiltRequest } from './build-request.js';
import { patchRun, playBody } from './replay-body.js';
import type { Armed, ReplayState, ReplayWindow } from './replay-state.js';

export interface Replayed {
  readonly from: ReplayedFrom;
  readonly url: string;
  readonly type: ResponseType;
  /** Why the replay ended early (Cancel, the panel closed), for the capture's stream end. */
  readonly why?: () => string | undefined;
}

export interface ReplayFetchDeps {
  /** Wraps a response for the page and records it (the fetch tap's wrap). */
  readonly wrap: (res: Response, info: RequestInfo, replayed: Replayed) => Response;
}

export function createReplayFetch(ctx: TapContext, win: ReplayWindow, state: ReplayState, deps: ReplayFetchDeps) {
  const { I, S } = ctx;
  const parse = win.JSON.parse;
  const stringify = win.JSON.stringify;
  const DOMEx = win.DOMException;
  const abortedDesc = win.AbortSignal ? I.getOwnPropertyDescriptor(win.AbortSignal.prototype, 'aborted') : undefined;
  const isAborted = abortedDesc?.get ? (I.uncurry(abortedDesc.get) as (s: unknown) => boolean) : () => false;
  const strOps = S.bare({ indexOf: I.strIndexOf, slice: I.strSlice });
  // The timers, as they are now (install time): a page that replaces setTimeout later never
  // learns that a replay is pacing a body.
  const timers = S.bare({ setTimeout: win.setTimeout, clearTimeout: win.clearTimeout }) as unknown as ReplayWindow;
  const inputs = runInputs(I, parse, stringify);
  const origin = (url: string): string => originOf(url, strOps);

  const answer = (a: Armed, req: Request, info: RequestInfo): Promise<Response> => {
    const { run, index } = state.take(a);
    const url = I.reqUrl(req);
    let why: string | undefined;
    const replayed: Replayed = {
      from: S.bare({
        source: run.source,
        armId: a.armId,
        index,
        ...(run.recordedUrl !== '' ? { recordedUrl: run.recordedUrl } : {}),
      }),
      url,
      type: origin(url) === origin(ctx.baseUrl()) ? 'basic' : 'cors',
      why: () => why,
    };
    const idsOf = (): (Uint8Array | undefined)[] | undefined => {
      if (!a.rewriteIds) return undefined;
      const input = inputs.input(info.body);
      return input === undefined ? undefined : inputs.ids(input);
    };
    return I.construct(I.Promise, [
      (resolve: (r: Response) => void, reject: (e: unknown) => void) => {
        const start = (): void => {
          try {
            play();
          } catch {
            // Our failure must not leave the page waiting forever: it looks like a network error.
            reject(new I.TypeError('Failed to fetch'));
          }
        };
        const play = (): void => {
          const body = playBody(ctx, timers, patchRun(ctx, run, idsOf()), run.at, a.step);
          const res = I.construct(I.Response, [
            body.stream,
            S.bare({ status: run.status, headers: S.bare({ 'content-type': run.contentType }) }),
          ]) as Response;
          state.setPlaying(
            S.bare({
              armId: a.armId,
              release: body.release,
              cancel: (reason: string) => {
                why = reason;
                body.fail(new I.TypeError('network error'));
              },
            }),
          );
          if (info.signal && DOMEx)
            I.addListener(
              info.signal,
              'abort',
              () => body.fail(I.construct(DOMEx, ['The user aborted a request.', 'AbortError'])),
              S.bare({ once: true }),
            );
          resolve(deps.wrap(res, info, replayed));
        };
        // The app's ids are in its body; an async body (a Request) is read first.
        if (a.rewriteIds && info.pending && info.body === undefined) S.then(info.pending, start, start);
        else start();
      },
    ]) as Promise<Response>;
  };

  const matches = (a: Armed, req: Request, info: RequestInfo): boolean => {
    if (!armAnswersUrl(I.reqUrl(req), a, strOps)) return false;
    const accept = I.strLower(I.headersGet(I.reqHeaders(req), 'accept') ?? '');
    if (I.strIndexOf(accept, 'text/event-stream') >= 0) return true;
    return I.reqMethod(req) === 'POST' && inputs.input(info.body) !== undefined;
  };

  /** A response when the replay answers; undefined leaves the request to the normal path. */
  return (built: BuiltRequest, a: Armed): Promise<Response> | undefined => {
    const { req } = built;
    // An aborted signal: the native rejects at once, as it would without a replay.
    if (isAborted(I.reqSignal(req))) return undefined;
    const info = describeRequest(ctx, req, built.seen, built.early);
    return matches(a, req, info) ? answer(a, req, info) : undefined;
  };
}
