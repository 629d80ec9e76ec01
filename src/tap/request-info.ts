// What we record about a request, read without disturbing it: a Request's body is read
// from a clone made before the original fetch is called (the clone tees; the page's copy
// is untouched), an init body is read only when it is already in memory, and a
// ReadableStream body is never read at all. Types are told apart by native brand checks
// (a captured getter that throws on anything else), not instanceof, which the page can
// redefine; every call goes through captured intrinsics.
import { LIMITS } from '../bridge/messages.js';
import { isSecretHeader, type TapContext } from './context.js';
import type { Intrinsics } from './intrinsics.js';

export interface RequestInfo {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  body?: string;
  bodyNote?: string;
  readonly signal?: AbortSignal;
  /** A hint that a non-stream answer is worth a 'stream-ignored' note. */
  readonly wantsStream: boolean;
  /** Set while an async body read (Blob, Request clone) is in flight. */
  pending?: Promise<unknown>;
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
  readonly done: Promise<unknown>;
}

/**
 * Call before the original fetch: clones a Request's body (no page code runs: captured
 * brand check, getters and clone) and reads at most a little over the cap from the clone,
 * then cancels it (a huge upload is not buffered). Everything else is read afterwards
 * (describeRequest), so our reads can never change the request the page makes.
 */
export function cloneRequestBody(ctx: TapContext, input: unknown): EarlyBody | undefined {
  const { I, S } = ctx;
  if (!is(I.reqUrl, input)) return undefined;
  const req = input as Request;
  if (I.reqBody(req) === null || I.reqBodyUsed(req)) return undefined;
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
    const step = (): void =>
      void S.then(
        I.read(reader),
        (r) => {
          try {
            if (r.done) {
              early.text = text + I.decode(dec);
              return resolve();
            }
            text += I.decode(dec, r.value, opts);
            if (text.length > LIMITS.requestBody) {
              S.then(
                I.readerCancel(reader),
                () => undefined,
                () => undefined,
              );
              early.text = text;
              return resolve();
            }
            step();
          } catch {
            fail();
          }
        },
        fail,
      );
    step();
  });
  return early;
}

/**
 * Called after the original fetch (so a getter or one-shot iterable of the page's that we
 * read again cannot change the request); throws for inputs the original rejected, and the
 * caller then just returns the original's answer. `info.pending` settles when an async
 * body read ends.
 */
export function describeRequest(
  ctx: TapContext,
  input: unknown,
  init: RequestInit | undefined,
  early: EarlyBody | undefined,
): RequestInfo {
  const { I, S } = ctx;
  const req = is(I.reqUrl, input) ? (input as Request) : undefined;
  const initMethod = init?.method;
  const method = I.strSlice(initMethod !== undefined ? I.String(initMethod) : req ? I.reqMethod(req) : 'GET', 0, 64);
  const url = req ? I.reqUrl(req) : I.urlHref(new I.URL(I.String(input), ctx.baseUrl()));
  const initHeaders = init?.headers;
  const headers = new I.Headers(initHeaders ?? (req ? I.reqHeaders(req) : undefined));
  const accept = I.headersGet(headers, 'accept') ?? '';
  const acceptLower = I.strLower(accept);
  const initSignal = init?.signal;
  const signal = initSignal ?? (req ? I.reqSignal(req) : undefined);
  const info: RequestInfo = S.bare({
    method: I.strUpper(method),
    url,
    headers: redact(ctx, headers),
    wantsStream: I.strIndexOf(acceptLower, 'event-stream') >= 0 || I.strIndexOf(acceptLower, 'ag-ui') >= 0,
    ...(signal ? { signal } : {}),
  });
  let pending: Promise<unknown> | undefined;
  if (init && 'body' in init && init.body !== undefined) pending = readInitBody(ctx, info, init.body);
  else if (early) {
    pending = S.then(early.done, () => {
      if (early.text !== undefined) capText(I, info, early.text);
      else info.bodyNote = '[unreadable]';
    });
  }
  if (pending) info.pending = pending;
  return info;
}
