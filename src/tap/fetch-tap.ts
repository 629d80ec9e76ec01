// window.fetch, replaced by a function that looks native and calls the original with
// the page's exact arguments and `this`. Only event-stream (and AG-UI proto) responses
// are touched: they get a pass-through body (./body-copy.ts) in a new Response carrying
// the original's url, redirected and type. Everything else is returned as it came.
import { describeRequest, type RequestInfo } from './request-info.js';
import { copyBody } from './body-copy.js';
import { captureEncoding, type TapContext } from './context.js';
import type { TapWireMessage } from '../bridge/messages.js';

export interface FetchWindow {
  fetch: typeof fetch;
  readonly Request: typeof Request;
  readonly Response: typeof Response;
  readonly Headers: typeof Headers;
  readonly ReadableStream: typeof ReadableStream;
  readonly URL: typeof URL;
  readonly Promise: PromiseConstructor;
  readonly location: { readonly href: string };
}

const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const IDENTITY = ['url', 'redirected', 'type'] as const;

export function installFetchTap(win: FetchWindow, ctx: TapContext): () => void {
  const original = win.fetch;
  const { Response: Resp, ReadableStream: RS } = win;
  const then = win.Promise.prototype.then;
  const nativeClone = Resp.prototype.clone;
  const g = { Request: win.Request, Headers: win.Headers, URL: win.URL, location: win.location };

  const keepIdentity = (out: Response, from: Response): void => {
    for (const k of IDENTITY) Object.defineProperty(out, k, { value: from[k], configurable: true });
    // A clone of a constructed Response would lose them again.
    // Method shorthand: like natives, no `prototype` and not constructible.
    const clone = ctx.mask(
      {
        clone(this: Response): Response {
          const c = Reflect.apply(nativeClone, this, []) as Response;
          if (this === out) keepIdentity(c, from);
          return c;
        },
      }.clone,
      'clone',
      0,
    );
    Object.defineProperty(out, 'clone', { value: clone, configurable: true, writable: true });
  };

  const wrap = (res: Response, info: RequestInfo): Response => {
    const contentType = res.headers.get('content-type') ?? '';
    const encoding = captureEncoding(contentType);
    if (!encoding) {
      if (info.wantsStream) ctx.emit({ kind: 'stream-ignored', id: ctx.newId(), url: res.url, contentType, status: res.status, t: ctx.now() });
      return res;
    }
    const body = res.body;
    if (body === null || NULL_BODY.has(res.status)) return res;
    const streamId = ctx.newId();
    const t0 = ctx.now();
    let seq = 0;
    // While a Request body is still being read from its clone, hold this stream's
    // messages so stream-open carries the body; the page's path never waits for it.
    // The read always settles (an in-memory body at once; a streamed upload when it
    // ends or fails), and what is held is bounded by the byte cap.
    let held: [TapWireMessage, Transferable[] | undefined][] | undefined;
    const send = (m: TapWireMessage, transfer?: Transferable[]): void => {
      if (held) held.push([m, transfer]);
      else ctx.emit(m, transfer);
    };
    const release = (): void => {
      const q = held;
      if (!q) return;
      held = undefined;
      ctx.emit(openMessage(streamId, t0, encoding, res, info, contentType, ctx.frameUrl()));
      for (const [m, t] of q) ctx.emit(m, t);
    };
    const copy = copyBody(
      RS,
      body,
      {
        chunk: (bytes) => send({ kind: 'stream-chunk', streamId, seq: ++seq, t: ctx.now(), bytes }, [bytes.buffer]),
        end: (reason, error) =>
          send({ kind: 'stream-end', streamId, seq: ++seq, t: ctx.now(), reason, ...(error !== undefined ? { error } : {}) }),
      },
      ctx.cap,
    );
    // Built before anything is emitted: if the constructor refuses, the page gets `res`.
    const out = new Resp(copy.stream, { status: res.status, statusText: res.statusText, headers: res.headers });
    keepIdentity(out, res);
    if (info.pending && info.body === undefined && info.bodyNote === undefined) {
      held = [];
      Reflect.apply(then, info.pending, [release, release]);
    } else ctx.emit(openMessage(streamId, t0, encoding, res, info, contentType, ctx.frameUrl()));
    info.signal?.addEventListener('abort', () => copy.end('aborted'), { once: true });
    return out;
  };

  const patched = ctx.mask(
    {
      fetch(this: unknown, ...args: unknown[]): Promise<Response> {
      let info: RequestInfo | undefined;
      try {
        info = describeRequest(g, args[0], args[1] as RequestInit | undefined);
      } catch {
        info = undefined; // an input the original rejects: it will say so itself
      }
      const p = Reflect.apply(original, this, args) as Promise<Response>;
      if (!info) return p;
      const seen = info;
      return Reflect.apply(then, p, [
        (res: Response) => {
          try {
            return wrap(res, seen);
          } catch {
            return res;
          }
        },
      ]) as Promise<Response>;
      },
    }.fetch,
    'fetch',
    1,
  );
  win.fetch = patched;
  return () => {
    if (win.fetch === patched) win.fetch = original;
  };
}

function openMessage(
  streamId: string,
  t: number,
  encoding: 'sse' | 'proto',
  res: Response,
  info: RequestInfo,
  contentType: string,
  frameUrl: string,
): TapWireMessage {
  return {
    kind: 'stream-open',
    streamId,
    seq: 0,
    t,
    transport: 'fetch',
    encoding,
    url: res.url || info.url,
    method: info.method,
    requestHeaders: info.headers,
    ...(info.body !== undefined ? { requestBody: info.body } : {}),
    ...(info.bodyNote !== undefined ? { requestBodyNote: info.bodyNote } : info.body === undefined && info.pending ? { requestBodyNote: '[pending]' } : {}),
    status: res.status,
    contentType,
    frameUrl,
  };
}
