// What we record about a request, read without disturbing it and without running page
// code: everything comes from the Request the tap built from the page's arguments (the one
// read of `init` a native fetch makes, ./fetch-tap.ts) and from the body value that read
// returned. An in-memory body is read (a Request's from a clone taken before the original
// fetch is called: the clone tees; the page's copy is untouched); a body the page streams
// is never read at all, only recorded as streamed, unless it is the page's own byte stream
// inside a Request, which nothing tells apart from an in-memory body (docs/capture.md). Types are told apart by native brand checks
// (a captured getter that throws on anything else), not instanceof, which the page can
// redefine; every call goes through captured intrinsics.
import { LIMITS } from '../bridge/messages.js';
import { isSecretHeader, type TapContext } from './context.js';
import type { Intrinsics } from './intrinsics.js';
import { readSealed } from './read-sealed.js';

export interface RequestInfo {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  body?: string;
  bodyNote?: string;
  readonly signal?: AbortSignal;
  /** The request accepts an event stream: a run request, whatever its answer (./failed-run.ts). */
  readonly wantsStream: boolean;
  /** Set while an async body read (Blob, Request clone) is in flight. */
  pending?: Promise<unknown>;
  /** When the page handed the request to the network (the tap's clock): time to headers starts here. */
  requestedAt?: number;
}

const is = (brand: (x: never, ...rest: never[]) => unknown, x: unknown): boolean => {
  try {
    brand(x as never);
    return true;
  } catch {
    return false;
  }
};

function redact(ctx: TapContext, headers: Headers): Record<string, string> {
  const { I } = ctx;
  const out = ctx.S.bare({} as Record<string, string>);
  let n = 0;
  I.headersForEach(headers, (value, name) => {
    if (n++ >= LIMITS.headerCount) return;
    out[name] = isSecretHeader(I, name) ? '[redacted]' : I.strSlice(value, 0, 2048);
  });
  return out;
}

function capText(I: Intrinsics, info: RequestInfo, text: string): void {
  if (text.length > LIMITS.requestBody) {
    info.body = I.strSlice(text, 0, LIMITS.requestBody);
    info.bodyNote = '[truncated]';
  } else info.body = text;
}

/** Records a body that is already in memory; returns a promise when reading is async. */
function readInitBody(ctx: TapContext, info: RequestInfo, body: unknown): Promise<unknown> | undefined {
  const { I, S } = ctx;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') capText(I, info, body);
  else if (is(I.searchParamsText, body)) capText(I, info, I.searchParamsText(body));
  else if (is(I.formDataHas, body)) info.bodyNote = '[form-data]';
  else if (is(I.rsLocked, body)) info.bodyNote = '[stream]';
  else if (is(I.blobSize, body)) {
    if (I.blobSize(body) > LIMITS.requestBody) info.bodyNote = '[binary]';
    else
      return S.then(
        I.blobText(body as Blob),
        (t) => capText(I, info, t),
        () => void (info.bodyNote = '[unreadable]'),
      );
  } else if (I.isView(body) || is(I.abByteLength, body)) {
    const view = I.isView(body) ? (body as Uint8Array) : new I.Uint8Array(body as ArrayBuffer);
    const bytes = new I.Uint8Array(I.bufferOf(view), I.byteOffset(view), I.byteLength(view));
    const n = I.byteLength(bytes);
    try {
      const dec = new I.TextDecoder('utf-8', S.bare({ fatal: true }));
      capText(
        I,
        info,
        I.decode(
          dec,
          new I.Uint8Array(I.bufferOf(bytes), I.byteOffset(bytes), n < LIMITS.requestBody ? n : LIMITS.requestBody),
        ),
      );
      if (n > LIMITS.requestBody) info.bodyNote = '[truncated]';
    } catch {
      info.bodyNote = '[binary]';
    }
  } else info.bodyNote = '[unreadable]';
  return undefined;
}

/** A Request body read from a clone taken before the original fetch consumes it. */
export interface EarlyBody {
  text?: string;
  failed?: boolean;
  /** The body is a stream the page feeds (never read). */
  streamed?: boolean;
  readonly done: Promise<unknown>;
}

/**
 * A body stream the browser made from an in-memory body (a string, a Blob, bytes, form
 * data) is a byte stream; a page's own `new ReadableStream({ pull })` is not. Telling them
 * apart takes a BYOB reader, released at once: no page code runs, nothing is pulled.
 */
function isBrowserBody(ctx: TapContext, body: ReadableStream<Uint8Array>): boolean {
  const { I, S } = ctx;
  try {
    I.byobReleaseLock(I.getReader(body, S.bare({ mode: 'byob' })) as unknown as ReadableStreamBYOBReader);
    return true;
  } catch {
    return false;
  }
}

/**
 * Call before the original fetch, with the page's input when it is a Request: clones its
 * body (no page code runs: captured brand check, getters and clone) and reads at most a
 * little over the cap from the clone, then cancels it (a huge upload is not buffered). A
 * body the page streams is not cloned or read: its pulls are the page's alone. A page's own
 * byte stream passes the check below like an in-memory body and is read up to the cap.
 */
export function cloneRequestBody(ctx: TapContext, input: unknown): EarlyBody | undefined {
  const { I, S } = ctx;
  if (!is(I.reqUrl, input)) return undefined;
  const req = input as Request;
  const own = I.reqBody(req);
  if (own === null || I.reqBodyUsed(req) || I.rsLocked(own)) return undefined;
  if (!isBrowserBody(ctx, own)) return S.bare({ streamed: true, done: S.promise((resolve) => resolve()) });
  const body = I.reqBody(I.reqClone(req)) as ReadableStream<Uint8Array>;
  const early = S.bare({}) as { text?: string; failed?: boolean; done: Promise<unknown> };
  early.done = S.promise((resolve) => {
    const reader = I.getReader(body);
    const dec = new I.TextDecoder();
    const opts = S.bare({ stream: true });
    let text = '';
    const fail = (): void => {
      early.failed = true;
      resolve();
    };
    readSealed(ctx, reader, {
      done() {
        early.text = text + I.decode(dec);
        resolve();
      },
      value(v) {
        text += I.decode(dec, v, opts);
        if (text.length <= LIMITS.requestBody) return true;
        S.then(
          I.readerCancel(reader),
          () => undefined,
          () => undefined,
        );
        early.text = text;
        resolve();
        return false;
      },
      fault: fail,
      error: fail,
    });
  });
  return early;
}

/** The `body` member of the page's init as the Request constructor read it, if it did. */
export interface SeenBody {
  has: boolean;
  value?: unknown;
}

/**
 * Describes the request from the Request the tap built (`req`) and the init body the
 * constructor read (`seen`): no getter or conversion of the page's runs again.
 * `info.pending` settles when an async body read (a Blob, a Request clone) ends.
 */
export function describeRequest(
  ctx: TapContext,
  req: Request,
  seen: SeenBody,
  early: EarlyBody | undefined,
): RequestInfo {
  const { I, S } = ctx;
  const headers = I.reqHeaders(req);
  const acceptLower = I.strLower(I.headersGet(headers, 'accept') ?? '');
  const info: RequestInfo = S.bare({
    method: I.reqMethod(req),
    url: I.reqUrl(req),
    headers: redact(ctx, headers),
    wantsStream: I.strIndexOf(acceptLower, 'event-stream') >= 0 || I.strIndexOf(acceptLower, 'ag-ui') >= 0,
    signal: I.reqSignal(req),
  });
  let pending: Promise<unknown> | undefined;
  if (seen.has && seen.value !== undefined) pending = readInitBody(ctx, info, seen.value);
  else if (early?.streamed) info.bodyNote = '[stream]';
  else if (early) {
    pending = S.then(early.done, () => {
      if (early.text !== undefined) capText(I, info, early.text);
      else info.bodyNote = '[unreadable]';
    });
  }
  if (pending) info.pending = pending;
  return info;
}
