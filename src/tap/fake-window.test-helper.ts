// Test helper: a fake window for the tap, built from Node's web globals, with a
// scripted fetch whose response bodies the test drives chunk by chunk.
import type { TapWireMessage } from '../bridge/messages.js';
import type { TapWindow } from './install-tap.js';

export interface ScriptedBody {
  readonly stream: ReadableStream<Uint8Array>;
  push(text: string | Uint8Array): void;
  close(): void;
  error(err: unknown): void;
  readonly pulls: () => number;
  readonly cancelled: () => unknown[];
}

export function scriptedBody(): ScriptedBody {
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;
  let pulls = 0;
  const cancelled: unknown[] = [];
  const stream = new ReadableStream<Uint8Array>(
    {
      start: (c) => void (ctrl = c),
      pull: () => void pulls++,
      cancel: (r) => void cancelled.push(r ?? 'cancelled'),
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    push: (t) => ctrl.enqueue(typeof t === 'string' ? new TextEncoder().encode(t) : t),
    close: () => ctrl.close(),
    error: (e) => ctrl.error(e),
    pulls: () => pulls,
    cancelled: () => cancelled,
  };
}

/**
 * Stands in for the browser's Response, whose url/redirected/type come from the network:
 * prototype getters (like the native ones) answer from a table filled by responseWith.
 */
const identities = new WeakMap<object, { url?: string; redirected?: boolean; type?: ResponseType }>();
export class TestResponse extends Response {
  override get url(): string {
    return identities.get(this)?.url ?? super.url;
  }
  override get redirected(): boolean {
    return identities.get(this)?.redirected ?? super.redirected;
  }
  override get type(): ResponseType {
    return identities.get(this)?.type ?? super.type;
  }
  override clone(): Response {
    const c = super.clone();
    Object.setPrototypeOf(c, TestResponse.prototype);
    const id = identities.get(this);
    if (id) identities.set(c, id);
    return c;
  }
}

export function responseWith(
  body: BodyInit | null,
  init: ResponseInit & { url?: string; redirected?: boolean; type?: ResponseType },
): Response {
  const res = new TestResponse(body, init);
  identities.set(res, { url: init.url, redirected: init.redirected, type: init.type });
  return res;
}

export interface FakeTapWindow extends TapWindow {
  /** What the fake fetch was called with. */
  readonly calls: { thisArg: unknown; args: unknown[] }[];
  /** The next response (or error) the fake fetch resolves with. */
  respond: (args: unknown[]) => Promise<Response>;
}

export function fakeWindow(extra: Partial<TapWindow> = {}): FakeTapWindow {
  const calls: { thisArg: unknown; args: unknown[] }[] = [];
  // A browser's Request resolves a relative URL against its document's base URL; Node's has none.
  class WindowRequest extends Request {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      const base = (win as { document?: { baseURI?: string } }).document?.baseURI ?? win.location.href;
      super(input instanceof Request ? input : new URL(input as string, base).href, init);
    }
  }
  const win = {
    calls,
    respond: (): Promise<Response> => Promise.reject(new TypeError('no response scripted')),
    Request: WindowRequest,
    Response: TestResponse,
    Headers,
    ReadableStream,
    URL,
    Promise,
    TextEncoder,
    TextDecoder,
    Function,
    Date,
    Reflect,
    Object,
    WeakMap,
    Uint8Array,
    ArrayBuffer,
    String,
    Error,
    TypeError,
    EventTarget,
    Event,
    MessageEvent,
    Blob,
    FormData,
    URLSearchParams,
    ReadableStreamBYOBRequest,
    MessageChannel,
    MessagePort,
    crypto: globalThis.crypto,
    location: { href: 'https://app.test/page' },
    top: null as unknown,
    self: null as unknown,
    ...extra,
  } as unknown as FakeTapWindow & { top: unknown; self: unknown };
  win.top = win;
  win.self = win;
  win.fetch = function fetch(this: unknown, ...args: unknown[]): Promise<Response> {
    calls.push({ thisArg: this, args });
    return win.respond(args);
  } as typeof fetch;
  return win;
}

export function collector(): { emit: (m: TapWireMessage) => void; msgs: TapWireMessage[]; kinds: () => string[] } {
  const msgs: TapWireMessage[] = [];
  // Like a real port: the message is cloned when it is sent (the page's chunk is enqueued, and detached, right after).
  return {
    emit: (m) => void msgs.push(m.kind === 'stream-chunk' ? { ...m, bytes: new Uint8Array(m.bytes) } : m),
    msgs,
    kinds: () => msgs.map((m) => m.kind),
  };
}

export async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const dec = new TextDecoder();
  let out = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out + dec.decode();
    out += dec.decode(value, { stream: true });
  }
}

export function chunksText(msgs: readonly TapWireMessage[]): string {
  const dec = new TextDecoder();
  let out = '';
  for (const m of msgs) if (m.kind === 'stream-chunk') out += dec.decode(m.bytes, { stream: true });
  return out + dec.decode();
}
