// XMLHttpRequest with an event-stream response: the browser exposes only the growing
// responseText, so we send its increments at readyState 3 / progress (as UTF-8 bytes:
// the DevTools side decodes) and mark the stream coarseTiming. Prototype methods are
// replaced in place (where the natives live); per-request state lives in a WeakMap,
// never on the page's object; every call after install goes through captured intrinsics.
import type { TapContext } from './context.js';
import { callNative, captureEncoding, emitStreamEnd, isSecretHeader } from './context.js';
import { LIMITS, type ReplayedFrom } from '../bridge/messages.js';
import { copyBytes } from './bytes.js';
import type { ReplayState, ReplayWindow } from './replay-state.js';
import { createXhrReplay, type XhrReplayWindow } from './replay-xhr.js';
import {
  createRunUrls,
  isRunRequest,
  rememberRunUrl,
  reportFailedXhr,
  reportUnanswered,
  type FailedRequest,
} from './failed-run.js';

export interface XhrWindow {
  XMLHttpRequest?: typeof XMLHttpRequest;
  readonly location: { readonly href: string };
}

interface XhrState {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  async: boolean;
  streamId?: string;
  seq: number;
  offset: number;
  copied: number;
  done: boolean;
  /** A run request answered with no AG-UI stream: its answer, reported when it ends (./failed-run.ts). */
  failed: { status: number; contentType: string; url: string; replayed?: ReplayedFrom } | undefined;
  /** When the page sent the request (the tap's clock): time to headers starts here. */
  sentAt?: number;
}

type AnyFn = (...args: never[]) => unknown;
const EVENTS = ['readystatechange', 'progress', 'load', 'abort', 'error', 'timeout'] as const;

export function installXhrTap(
  win: XhrWindow & XhrReplayWindow & Partial<ReplayWindow>,
  ctx: TapContext,
  replay?: ReplayState,
): () => void {
  const { I, S } = ctx;
  const X = win.XMLHttpRequest;
  if (typeof X !== 'function') return () => undefined;
  const proto = X.prototype;
  const orig = {
    open: proto.open as AnyFn,
    send: proto.send as AnyFn,
    setRequestHeader: proto.setRequestHeader as AnyFn,
  };
  const undo: (() => void)[] = [];
  const DOMEx = win.DOMException;
  const replayer = replay ? createXhrReplay(S.bare({ ctx, proto, state: replay, undo }), win) : undefined;
  const get = (key: string): ((x: XMLHttpRequest) => unknown) => {
    const d = I.getOwnPropertyDescriptor(proto, key);
    return (d?.get ? I.uncurry(d.get) : (x: XMLHttpRequest) => (x as unknown as Record<string, unknown>)[key]) as (
      x: XMLHttpRequest,
    ) => unknown;
  };
  const nativeHeader = I.uncurry(proto.getResponseHeader) as (x: XMLHttpRequest, n: string) => string | null;
  const nat = {
    responseText: get('responseText') as (x: XMLHttpRequest) => string,
    readyState: get('readyState') as (x: XMLHttpRequest) => number,
    responseURL: get('responseURL') as (x: XMLHttpRequest) => string,
    status: get('status') as (x: XMLHttpRequest) => number,
  };
  // A replayed request's state is the replay's (./replay-xhr.ts), read here without the page's getters.
  const xhr$ = {
    responseText: (x: XMLHttpRequest): string => replayer?.fake(x)?.text ?? nat.responseText(x),
    readyState: (x: XMLHttpRequest): number => replayer?.fake(x)?.readyState ?? nat.readyState(x),
    responseType: get('responseType') as (x: XMLHttpRequest) => string,
    responseURL: (x: XMLHttpRequest): string => replayer?.fake(x)?.url ?? nat.responseURL(x),
    status: (x: XMLHttpRequest): number => replayer?.fake(x)?.status ?? nat.status(x),
    getResponseHeader: (x: XMLHttpRequest, n: string): string | null => {
      const f = replayer?.fake(x);
      return f ? f.contentType : nativeHeader(x, n);
    },
  };
  const states = new I.WeakMap<object, XhrState>();
  const encoder = new I.TextEncoder();
  const runUrls = createRunUrls(ctx);
  const requestOf = (s: XhrState): FailedRequest => {
    const accept = I.strLower(s.headers['accept'] ?? '');
    return S.bare({
      method: s.method,
      url: s.url,
      headers: s.headers,
      body: s.body,
      bodyNote: undefined,
      wantsStream: I.strIndexOf(accept, 'event-stream') >= 0 || I.strIndexOf(accept, 'ag-ui') >= 0,
    });
  };
  // The answer's start as the native getter gives it: only for a text responseType (others throw).
  const textOf = (xhr: XMLHttpRequest): string | undefined => {
    const rt = xhr$.responseType(xhr);
    return rt === '' || rt === 'text' ? nat.responseText(xhr) : undefined;
  };

  /** A run request whose answer was not an AG-UI stream ended with event `type` (./failed-run.ts). */
  const failedEnd = (xhr: XMLHttpRequest, s: XhrState, type: string): void => {
    const f = s.failed;
    if (f === undefined || (type !== 'load' && type !== 'abort' && type !== 'error' && type !== 'timeout')) return;
    s.failed = undefined;
    const request = requestOf(s);
    if (f.status === 0)
      return type === 'abort'
        ? reportUnanswered(ctx, request, 'xhr', 'aborted')
        : reportUnanswered(
            ctx,
            request,
            'xhr',
            'error',
            type === 'timeout'
              ? 'the XMLHttpRequest timed out'
              : 'the XMLHttpRequest failed (refused, DNS, CORS or TLS: the browser does not say which)',
          );
    const reason = type === 'load' ? 'complete' : type === 'abort' ? 'aborted' : 'error';
    reportFailedXhr(ctx, request, f.url, f.status, f.contentType, textOf(xhr), reason, undefined, f.replayed);
  };

  const finish = (
    s: XhrState,
    reason: 'complete' | 'aborted' | 'error' | 'capture-truncated',
    error?: string,
  ): void => {
    if (s.done || s.streamId === undefined) return;
    s.done = true;
    emitStreamEnd(ctx, s.streamId, s, reason, error);
  };

  const pump = (xhr: XMLHttpRequest, s: XhrState): void => {
    if (s.done || s.streamId === undefined) return;
    const text = xhr$.responseText(xhr);
    if (text.length <= s.offset) return;
    const inc = I.strSlice(text, s.offset);
    s.offset = text.length;
    const bytes = I.encode(encoder, inc);
    const n = I.byteLength(bytes);
    s.copied += n;
    if (s.copied > ctx.cap) return finish(s, 'capture-truncated');
    const id = s.streamId;
    copyBytes(I, bytes, n, (part) =>
      ctx.emit(
        { kind: 'stream-chunk', streamId: id, seq: ++s.seq, t: ctx.now(), bytes: part },
        S.one(I.bufferOf(part)),
      ),
    );
  };

  const onEvent =
    (xhr: XMLHttpRequest, s: XhrState) =>
    (e: Event): void => {
      try {
        if (s.streamId === undefined && !s.done && xhr$.readyState(xhr) >= 2) {
          const contentType = xhr$.getResponseHeader(xhr, 'content-type') ?? '';
          const rt = xhr$.responseType(xhr);
          const encoding = captureEncoding(I, contentType);
          if (encoding !== 'sse' || (rt !== '' && rt !== 'text')) {
            s.done = true; // not ours to read: stop looking
            // A run request answered with neither an event stream nor AG-UI protobuf is a failed
            // run; so is a replayed answer of that kind (a conformance case's HTTP 500): the arm's run.
            const replayed = replayer?.fake(xhr)?.replayed;
            if (encoding === undefined && (replayed || isRunRequest(ctx, requestOf(s), runUrls)))
              s.failed = S.bare({
                status: xhr$.status(xhr),
                contentType,
                url: xhr$.responseURL(xhr) || s.url,
                ...(replayed ? { replayed } : {}),
              });
            failedEnd(xhr, s, I.eventType(e));
            return;
          }
          rememberRunUrl(runUrls, s.url);
          s.streamId = ctx.newId();
          const replayed = replayer?.fake(xhr)?.replayed;
          ctx.emit({
            kind: 'stream-open',
            streamId: s.streamId,
            seq: 0,
            t: ctx.now(),
            transport: 'xhr',
            encoding: 'sse',
            url: xhr$.responseURL(xhr) || s.url,
            method: s.method,
            requestHeaders: s.headers,
            ...(s.body !== undefined ? { requestBody: s.body } : {}),
            status: xhr$.status(xhr),
            contentType,
            frameUrl: ctx.frameUrl(),
            coarseTiming: true,
            ...(s.sentAt !== undefined && !replayed ? { requestedAt: s.sentAt } : {}),
            ...(replayed ? { replayed } : {}),
          });
        }
        const type = I.eventType(e);
        if (s.failed !== undefined) return failedEnd(xhr, s, type);
        if (type === 'readystatechange' || type === 'progress') pump(xhr, s);
        else if (type === 'load') {
          pump(xhr, s);
          finish(s, 'complete');
        } else if (type === 'abort') finish(s, 'aborted');
        else if (type === 'error' || type === 'timeout') finish(s, 'error', type);
      } catch {
        // never into the page
      }
    };

  const open = ctx.mask(
    {
      open(this: XMLHttpRequest, ...args: unknown[]): unknown {
        try {
          const s: XhrState = S.bare({
            method: I.strUpper(I.strSlice(I.String(args[0]), 0, 64)),
            url: I.urlHref(new I.URL(I.String(args[1]), ctx.baseUrl())),
            headers: S.bare({}),
            async: args.length < 3 || !!args[2],
            seq: 0,
            offset: 0,
            copied: 0,
            done: false,
            failed: undefined,
          });
          I.wmSet(states, this, s);
          replayer?.reset(this);
        } catch {
          try {
            I.wmDelete(states, this);
          } catch {
            // not an object: the native will say so
          }
        }
        return callNative(ctx, orig.open, this, args, open);
      },
    }.open,
    'open',
    2,
  );
  const setRequestHeader = ctx.mask(
    {
      setRequestHeader(this: XMLHttpRequest, ...args: unknown[]): unknown {
        const r = callNative(ctx, orig.setRequestHeader, this, args, setRequestHeader);
        try {
          const s = I.wmGet(states, this) as XhrState | undefined;
          const name = I.strLower(I.String(args[0]));
          if (s) s.headers[name] = isSecretHeader(I, name) ? '[redacted]' : I.strSlice(I.String(args[1]), 0, 2048);
        } catch {
          // never into the page
        }
        return r;
      },
    }.setRequestHeader,
    'setRequestHeader',
    2,
  );
  const send = ctx.mask(
    {
      send(this: XMLHttpRequest, ...args: unknown[]): unknown {
        let taken = false;
        try {
          // The native still sees an opened request: a second send of a replayed one fails as it would on the wire.
          taken = replayer?.fake(this) !== undefined;
        } catch {
          // never into the page
        }
        if (taken && DOMEx) {
          const err = I.construct(DOMEx, [
            "Failed to execute 'send' on 'XMLHttpRequest': The object's state must be OPENED.",
            'InvalidStateError',
          ]);
          S.hideFrames(err, send);
          throw err;
        }
        try {
          const s = I.wmGet(states, this) as XhrState | undefined;
          if (s) {
            if (typeof args[0] === 'string') s.body = I.strSlice(args[0], 0, LIMITS.requestBody);
            const handler = onEvent(this, s);
            for (let i = 0; i < EVENTS.length; i++) I.addListener(this, EVENTS[i] as string, handler);
            const armed = replayer && nat.readyState(this) === 1 ? replay?.armed() : undefined;
            const req = S.bare({
              method: s.method,
              url: s.url,
              accept: s.headers['accept'] ?? '',
              body: s.body,
              async: s.async,
            });
            if (armed && replayer?.send(this, armed, req)) return undefined;
            s.sentAt = ctx.now();
          }
        } catch {
          // never into the page
        }
        return callNative(ctx, orig.send, this, args, send);
      },
    }.send,
    'send',
    0,
  );
  proto.open = open as typeof proto.open;
  proto.setRequestHeader = setRequestHeader as typeof proto.setRequestHeader;
  proto.send = send as typeof proto.send;
  return () => {
    for (let i = undo.length - 1; i >= 0; i--) (undo[i] as () => void)();
    if (proto.open === open) proto.open = orig.open as typeof proto.open;
    if (proto.setRequestHeader === setRequestHeader)
      proto.setRequestHeader = orig.setRequestHeader as typeof proto.setRequestHeader;
    if (proto.send === send) proto.send = orig.send as typeof proto.send;
  };
}
