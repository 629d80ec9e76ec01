// What we record about a request, read without disturbing it: a Request's body is read
// from a clone made before the original fetch is called (the clone tees; the page's copy
// is untouched), an init body is read only when it is already in memory, and a
// ReadableStream body is never read at all.
import { LIMITS } from '../bridge/messages.js';

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
  pending?: Promise<void>;
}

export interface RequestGlobals {
  readonly Request: typeof Request;
  readonly Headers: typeof Headers;
  readonly URL: typeof URL;
  readonly location: { readonly href: string };
}

const SECRET = /^(authorization|proxy-authorization|cookie)$|api[-_]?key|token|secret|password|session|credential/i;

function redact(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  headers.forEach((value, name) => {
    if (n++ >= LIMITS.headerCount) return;
    out[name] = SECRET.test(name) ? '[redacted]' : value.slice(0, 2048);
  });
  return out;
}

function capText(info: RequestInfo, text: string): void {
  if (text.length > LIMITS.requestBody) {
    info.body = text.slice(0, LIMITS.requestBody);
    info.bodyNote = '[truncated]';
  } else info.body = text;
}

/** Records a body that is already in memory; returns a promise when reading is async. */
function readInitBody(info: RequestInfo, body: unknown): Promise<void> | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') capText(info, body);
  else if (body instanceof URLSearchParams) capText(info, body.toString());
  else if (typeof FormData !== 'undefined' && body instanceof FormData) info.bodyNote = '[form-data]';
  else if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) info.bodyNote = '[stream]';
  else if (typeof Blob !== 'undefined' && body instanceof Blob) {
    if (body.size > LIMITS.requestBody) info.bodyNote = '[binary]';
    else return body.text().then((t) => capText(info, t), () => void (info.bodyNote = '[unreadable]'));
  } else if (ArrayBuffer.isView(body) || body instanceof ArrayBuffer) {
    const bytes = ArrayBuffer.isView(body) ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : new Uint8Array(body);
    try {
      capText(info, new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, LIMITS.requestBody)));
      if (bytes.byteLength > LIMITS.requestBody) info.bodyNote = '[truncated]';
    } catch {
      info.bodyNote = '[binary]';
    }
  } else info.bodyNote = '[unreadable]';
  return undefined;
}

/** Reads at most a little over the cap, then cancels our branch (a huge upload is not buffered). */
async function readCapped(body: ReadableStream<Uint8Array>): Promise<string> {
  const reader = body.getReader();
  const dec = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + dec.decode();
    text += dec.decode(value, { stream: true });
    if (text.length > LIMITS.requestBody) {
      void reader.cancel().catch(() => undefined);
      return text;
    }
  }
}

/**
 * Never throws for inputs the original fetch accepts; for inputs it rejects the caller
 * catches and just calls the original. `info.pending` settles when an async body read ends.
 */
export function describeRequest(g: RequestGlobals, input: unknown, init: RequestInit | undefined): RequestInfo {
  const req = input instanceof g.Request ? input : undefined;
  const method = (init?.method ?? req?.method ?? 'GET').toUpperCase();
  const url = req ? req.url : new g.URL(String(input), g.location.href).href;
  const headers = new g.Headers(init?.headers ?? req?.headers);
  const info: RequestInfo = {
    method,
    url,
    headers: redact(headers),
    wantsStream: /event-stream|ag-ui/i.test(headers.get('accept') ?? ''),
    ...(init?.signal ?? req?.signal ? { signal: (init?.signal ?? req?.signal) as AbortSignal } : {}),
  };
  let pending: Promise<void> | undefined;
  if (init && 'body' in init && init.body !== undefined) pending = readInitBody(info, init.body);
  else if (req && req.body !== null && !req.bodyUsed) {
    // Clone now, before fetch consumes the original; read our branch off the page's path.
    pending = readCapped(req.clone().body as ReadableStream<Uint8Array>).then(
      (t) => capText(info, t),
      () => void (info.bodyNote = '[unreadable]'),
    );
  }
  if (pending) info.pending = pending;
  return info;
}
