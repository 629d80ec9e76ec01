// XMLHttpRequest with an event-stream response: the browser exposes only the growing
// responseText, so we send its increments at readyState 3 / progress (as UTF-8 bytes:
// the DevTools side decodes) and mark the stream coarseTiming. Prototype methods are
// wrapped; per-request state lives in a WeakMap, never on the page's object.
import type { TapContext } from './context.js';
import { captureEncoding } from './context.js';
import { LIMITS } from '../bridge/messages.js';

export interface XhrWindow {
  XMLHttpRequest?: typeof XMLHttpRequest;
  readonly TextEncoder: typeof TextEncoder;
  readonly location: { readonly href: string };
}

interface XhrState {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  streamId?: string;
  seq: number;
  offset: number;
  copied: number;
  done: boolean;
}

const SECRET = /^(authorization|proxy-authorization|cookie)$|api[-_]?key|token|secret|password|session|credential/i;

export function installXhrTap(win: XhrWindow, ctx: TapContext): () => void {
  const X = win.XMLHttpRequest;
  if (typeof X !== 'function') return () => undefined;
  const proto = X.prototype;
  const orig = { open: proto.open, send: proto.send, setRequestHeader: proto.setRequestHeader };
  const nativeAdd = proto.addEventListener;
  const states = new WeakMap<XMLHttpRequest, XhrState>();
  const encoder = new win.TextEncoder();

  const finish = (s: XhrState, reason: 'complete' | 'aborted' | 'error' | 'capture-truncated', error?: string): void => {
    if (s.done || s.streamId === undefined) return;
    s.done = true;
    ctx.emit({ kind: 'stream-end', streamId: s.streamId, seq: ++s.seq, t: ctx.now(), reason, ...(error ? { error } : {}) });
  };

  const pump = (xhr: XMLHttpRequest, s: XhrState): void => {
    if (s.done || s.streamId === undefined) return;
    const text = xhr.responseText;
    if (text.length <= s.offset) return;
    const inc = text.slice(s.offset);
    s.offset = text.length;
    const bytes = encoder.encode(inc);
    s.copied += bytes.byteLength;
    if (s.copied > ctx.cap) return finish(s, 'capture-truncated');
    for (let i = 0; i < bytes.byteLength; i += LIMITS.chunkBytes) {
      const part = bytes.slice(i, i + LIMITS.chunkBytes);
      ctx.emit({ kind: 'stream-chunk', streamId: s.streamId, seq: ++s.seq, t: ctx.now(), bytes: part }, [part.buffer]);
    }
  };

  const onEvent = (xhr: XMLHttpRequest, s: XhrState) => (e: Event): void => {
    try {
      if (s.streamId === undefined && !s.done && xhr.readyState >= 2) {
        const contentType = xhr.getResponseHeader('content-type') ?? '';
        const textual = xhr.responseType === '' || xhr.responseType === 'text';
        if (captureEncoding(contentType) !== 'sse' || !textual) {
          s.done = true; // not ours: stop looking
          return;
        }
        s.streamId = ctx.newId();
        ctx.emit({
          kind: 'stream-open',
          streamId: s.streamId,
          seq: 0,
          t: ctx.now(),
          transport: 'xhr',
          encoding: 'sse',
          url: xhr.responseURL || s.url,
          method: s.method,
          requestHeaders: s.headers,
          ...(s.body !== undefined ? { requestBody: s.body } : {}),
          status: xhr.status,
          contentType,
          frameUrl: ctx.frameUrl(),
          coarseTiming: true,
        });
      }
      if (e.type === 'readystatechange' || e.type === 'progress') pump(xhr, s);
      else if (e.type === 'load') {
        pump(xhr, s);
        finish(s, 'complete');
      } else if (e.type === 'abort') finish(s, 'aborted');
      else if (e.type === 'error' || e.type === 'timeout') finish(s, 'error', e.type);
    } catch {
      // never into the page
    }
  };

  const open = ctx.mask(
    {
      open(this: XMLHttpRequest, ...args: unknown[]): void {
      try {
        states.set(this, { method: String(args[0]).toUpperCase(), url: new URL(String(args[1]), win.location.href).href, headers: {}, seq: 0, offset: 0, copied: 0, done: false });
      } catch {
        states.delete(this);
      }
      return Reflect.apply(orig.open, this, args) as void;
      },
    }.open,
    'open',
    2,
  );
  const setRequestHeader = ctx.mask(
    {
      setRequestHeader(this: XMLHttpRequest, ...args: unknown[]): void {
      const r = Reflect.apply(orig.setRequestHeader, this, args) as void;
      const s = states.get(this);
      if (s) s.headers[String(args[0]).toLowerCase()] = SECRET.test(String(args[0])) ? '[redacted]' : String(args[1]).slice(0, 2048);
      return r;
      },
    }.setRequestHeader,
    'setRequestHeader',
    2,
  );
  const send = ctx.mask(
    {
      send(this: XMLHttpRequest, ...args: unknown[]): void {
      try {
        const s = states.get(this);
        if (s) {
          if (typeof args[0] === 'string') s.body = args[0].slice(0, LIMITS.requestBody);
          const handler = onEvent(this, s);
          for (const t of ['readystatechange', 'progress', 'load', 'abort', 'error', 'timeout']) Reflect.apply(nativeAdd, this, [t, handler]);
        }
      } catch {
        // never into the page
      }
      return Reflect.apply(orig.send, this, args) as void;
      },
    }.send,
    'send',
    0,
  );
  proto.open = open as typeof proto.open;
  proto.setRequestHeader = setRequestHeader as typeof proto.setRequestHeader;
  proto.send = send as typeof proto.send;
  return () => {
    if (proto.open === open) proto.open = orig.open;
    if (proto.setRequestHeader === setRequestHeader) proto.setRequestHeader = orig.setRequestHeader;
    if (proto.send === send) proto.send = orig.send;
  };
}
