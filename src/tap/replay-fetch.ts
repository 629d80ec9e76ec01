// fetch while a replay is armed. The page's arguments become a Request first (the one
// read of the page's init a native fetch makes, in the same order as without a replay),
// then the request is recorded as usual. An AG-UI run request (Accept: text/event-stream,
// or a POST whose body is a RunAgentInput; optionally only URLs matching the pattern) is
// answered here from the recording, with no network request; anything else goes to the
// original fetch with that Request, as before. The answer goes through the normal capture
// path (the caller's `wrap`), marked replayed, so the panel sees what the app did with it.
import type { ReplayedFrom } from '../bridge/messages.js';
import { armAnswersUrl } from './replay-url.js';
import type { TapContext } from './context.js';
import { cloneRequestBody, describeRequest, type RequestInfo } from './request-info.js';
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
  readonly original: typeof fetch;
  /** The normal capture path for a network answer. */
  readonly capture: (p: Promise<Response>, info: RequestInfo) => Promise<Response>;
  /** Wraps a response for the page and records it (the fetch tap's wrap). */
  readonly wrap: (res: Response, info: RequestInfo, replayed: Replayed) => Response;
}

export function createReplayFetch(ctx: TapContext, win: ReplayWindow, state: ReplayState, deps: ReplayFetchDeps) {
  const { I, S } = ctx;
  const parse = win.JSON.parse;
  const stringify = win.JSON.stringify;
  const RequestC = win.Request;
  const DOMEx = win.DOMException;
  const enc = new I.TextEncoder();
  const abortedDesc = win.AbortSignal ? I.getOwnPropertyDescriptor(win.AbortSignal.prototype, 'aborted') : undefined;
  const isAborted = abortedDesc?.get ? (I.uncurry(abortedDesc.get) as (s: unknown) => boolean) : () => false;
  const strOps = S.bare({ indexOf: I.strIndexOf, slice: I.strSlice });
  // The timers, as they are now (install time): a page that replaces setTimeout later never
  // learns that a replay is pacing a body.
  const timers = S.bare({ setTimeout: win.setTimeout, clearTimeout: win.clearTimeout }) as unknown as ReplayWindow;
  const own = (o: unknown, key: string): unknown => {
    if (typeof o !== 'object' || o === null) return undefined;
    const d = I.getOwnPropertyDescriptor(o, key);
    return d && 'value' in d ? d.value : undefined;
  };
  const runInput = (text: string | undefined): unknown => {
    if (text === undefined) return undefined;
    try {
      const v: unknown = parse(text);
      return typeof own(v, 'threadId') === 'string' && typeof own(v, 'runId') === 'string' ? v : undefined;
    } catch {
      return undefined;
    }
  };
  const originOf = (url: string): string => {
    const scheme = I.strIndexOf(url, '://');
    const path = scheme < 0 ? -1 : I.strIndexOf(url, '/', scheme + 3);
    return path < 0 ? url : I.strSlice(url, 0, path);
  };

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
      type: originOf(url) === originOf(ctx.baseUrl()) ? 'basic' : 'cors',
      why: () => why,
    };
    const idsOf = (): (Uint8Array | undefined)[] | undefined => {
      if (!a.rewriteIds) return undefined;
      const input = runInput(info.body);
      if (input === undefined) return undefined;
      const lit = (k: string): Uint8Array => I.encode(enc, stringify(own(input, k) as string));
      return [lit('threadId'), lit('runId')];
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
    return I.reqMethod(req) === 'POST' && runInput(info.body) !== undefined;
  };

  return (thisArg: unknown, args: unknown[], a: Armed): Promise<Response> | undefined => {
    // A foreign `this` takes the normal path: the native refuses it as without a replay.
    if (thisArg !== undefined && thisArg !== null && thisArg !== win) return undefined;
    let req: Request;
    try {
      req = I.construct(RequestC, [args[0], args[1]]) as Request;
    } catch {
      return undefined; // the original fetch rejects these arguments itself
    }
    const early = cloneRequestBody(ctx, req);
    const info = describeRequest(ctx, args[0], args[1] as RequestInit | undefined, early);
    const network = (): Promise<Response> =>
      deps.capture(I.apply(deps.original, thisArg, [req]) as Promise<Response>, info);
    // An aborted signal: the native rejects at once, as it would without a replay.
    if (isAborted(I.reqSignal(req))) return network();
    if (matches(a, req, info)) return answer(a, req, info);
    // A POST whose body is still being read (a Request or a Blob) may be a run request.
    if (info.pending && info.body === undefined && I.reqMethod(req) === 'POST')
      return I.construct(I.Promise, [
        (resolve: (r: Promise<Response>) => void) =>
          // Sealed: adopting it calls the native then, never one the page put on Promise.prototype.
          S.then(info.pending as Promise<unknown>, () =>
            resolve(S.seal(state.armed() === a && matches(a, req, info) ? answer(a, req, info) : network())),
          ),
      ]) as Promise<Response>;
    return network();
  };
}
