// EventSource: a subclass installed in place of the native one, so `new EventSource()`,
// `instanceof` and `constructor` hold. The browser already frames the stream, so we
// record deliveries (stream-message), not bytes. We listen for open, message and error
// ourselves, and for every other type the page subscribes to (unsubscribed named events
// are invisible to any page script, so to us too). Each (re)connection is one stream.
import type { TapContext } from './context.js';

export interface EventSourceWindow {
  EventSource?: typeof EventSource;
}

interface SourceState {
  streamId?: string;
  seq: number;
  readonly types: Set<string>;
}

export function installEventSourceTap(win: EventSourceWindow, ctx: TapContext): () => void {
  const Native = win.EventSource;
  if (typeof Native !== 'function') return () => undefined;
  const nativeAdd = Native.prototype.addEventListener;
  const nativeClose = Native.prototype.close;
  const states = new WeakMap<EventSource, SourceState>();

  const end = (es: EventSource, s: SourceState, reason: 'closed' | 'error', error?: string): void => {
    if (s.streamId === undefined) return;
    ctx.emit({ kind: 'stream-end', streamId: s.streamId, seq: ++s.seq, t: ctx.now(), reason, ...(error ? { error } : {}) });
    s.streamId = undefined;
  };

  const onEvent = (es: EventSource, s: SourceState) => (e: Event): void => {
    try {
      if (e.type === 'open') {
        s.streamId = ctx.newId();
        s.seq = 0;
        ctx.emit({
          kind: 'stream-open',
          streamId: s.streamId,
          seq: 0,
          t: ctx.now(),
          transport: 'eventsource',
          encoding: 'eventsource',
          url: es.url,
          method: 'GET',
          requestHeaders: {},
          status: 200,
          contentType: 'text/event-stream',
          frameUrl: ctx.frameUrl(),
        });
      } else if (e.type === 'error') {
        end(es, s, 'error', es.readyState === 0 ? 'reconnecting' : 'connection closed');
      } else if (s.streamId !== undefined && 'data' in e) {
        const m = e as MessageEvent;
        ctx.emit({ kind: 'stream-message', streamId: s.streamId, seq: ++s.seq, t: ctx.now(), event: e.type, data: String(m.data), lastEventId: m.lastEventId });
      }
    } catch {
      // never into the page
    }
  };

  const listen = (es: EventSource, s: SourceState, type: string): void => {
    if (s.types.has(type)) return;
    s.types.add(type);
    Reflect.apply(nativeAdd, es, [type, onEvent(es, s)]);
  };

  class EventSourceTapped extends Native {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      try {
        const s: SourceState = { seq: 0, types: new Set() };
        states.set(this, s);
        for (const t of ['open', 'message', 'error']) listen(this, s, t);
      } catch {
        // never into the page
      }
    }
  }
  const Tapped = ctx.mask(EventSourceTapped as unknown as (...a: never[]) => unknown, 'EventSource', 1) as unknown as typeof EventSource;

  const addEventListener = ctx.mask(
    {
      addEventListener(this: EventSource, ...args: unknown[]): void {
      try {
        const s = states.get(this);
        if (s && typeof args[0] === 'string') listen(this, s, args[0]);
      } catch {
        // never into the page
      }
      return Reflect.apply(nativeAdd, this, args) as void;
      },
    }.addEventListener,
    'addEventListener',
    2,
  );
  const close = ctx.mask(
    {
      close(this: EventSource): void {
      try {
        const s = states.get(this);
        if (s) end(this, s, 'closed');
      } catch {
        // never into the page
      }
      return Reflect.apply(nativeClose, this, []) as void;
      },
    }.close,
    'close',
    0,
  );
  const proto = Tapped.prototype as unknown as Record<string, unknown>;
  Object.defineProperty(proto, 'addEventListener', { value: addEventListener, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(proto, 'close', { value: close, writable: true, enumerable: true, configurable: true });
  win.EventSource = Tapped;
  return () => {
    if (win.EventSource === Tapped) win.EventSource = Native;
  };
}
