// EventSource: the global becomes a Proxy of the native constructor whose only trap is
// `construct`, so everything else is the native's own: prototype chain, name, length,
// statics, `EventSource()` without new and its TypeError, subclassing (newTarget is
// passed on). The browser already frames the stream, so we record deliveries
// (stream-message), not bytes. We listen for open, message and error ourselves, and for
// every other type the page subscribes to: EventTarget.prototype.addEventListener is
// replaced in place (where the native lives) and notes types on our sources only.
// Each (re)connection is one stream.
import { callNative, emitStreamEnd, type TapContext } from './context.js';
import { createEventSourceReplay, type EventSourceReplayWindow } from './replay-eventsource.js';
import type { ReplayState, ReplayWindow } from './replay-state.js';
import { reportUnanswered } from './failed-run.js';

export interface EventSourceWindow {
  EventSource?: typeof EventSource;
}

interface SourceState {
  streamId?: string;
  seq: number;
  /** A connection that failed before it opened was reported (once until the next open). */
  failReported: boolean;
  readonly types: Record<string, true>;
}

type AnyFn = (...args: never[]) => unknown;

export function installEventSourceTap(
  win: EventSourceWindow & Partial<EventSourceReplayWindow & ReplayWindow>,
  ctx: TapContext,
  replay?: ReplayState,
): () => void {
  const { I, S } = ctx;
  const Native = win.EventSource;
  if (typeof Native !== 'function') return () => undefined;
  const NP = Native.prototype as unknown as object;
  // Natives have prototype getters; a stand-in without them (tests) is read directly.
  const fallback = (key: string) =>
    function (this: Record<string, unknown>) {
      return this[key];
    };
  const nativeUrl = I.uncurry((I.getOwnPropertyDescriptor(NP, 'url')?.get ?? fallback('url')) as AnyFn) as (
    es: EventSource,
  ) => string;
  const nativeState = I.uncurry(
    (I.getOwnPropertyDescriptor(NP, 'readyState')?.get ?? fallback('readyState')) as AnyFn,
  ) as (es: EventSource) => number;
  const states = new I.WeakMap<object, SourceState>();
  const undo: (() => void)[] = [];
  const replayer =
    replay && win.EventTarget
      ? createEventSourceReplay(S.bare({ ctx, proto: NP, state: replay, undo }), win as EventSourceReplayWindow)
      : undefined;
  const esUrl = (es: EventSource): string => replayer?.fake(es)?.url ?? nativeUrl(es);
  const esState = (es: EventSource): number => replayer?.fake(es)?.readyState ?? nativeState(es);
  const replaceValue = (proto: object, key: string, value: unknown): void => {
    const d = I.getOwnPropertyDescriptor(proto, key);
    if (!d) return;
    I.defineProperty(
      proto,
      key,
      S.bare({ value, writable: d.writable, enumerable: d.enumerable, configurable: d.configurable }),
    );
    undo[undo.length] = () => void I.defineProperty(proto, key, S.bare(d));
  };

  const end = (s: SourceState, reason: 'closed' | 'error', error?: string): void => {
    if (s.streamId === undefined) return;
    emitStreamEnd(ctx, s.streamId, s, reason, error);
    s.streamId = undefined;
  };

  /**
   * An error before `open`: the connection failed. CLOSED means the browser gave up (a status
   * other than 200 or another content type: it does not say which); CONNECTING, a network
   * error it retries. Either is a run request that got no AG-UI answer (./failed-run.ts),
   * reported once until a connection opens, so retries do not flood the panel.
   */
  const failedConnection = (es: EventSource, s: SourceState): void => {
    if (s.failReported || replayer?.fake(es)) return;
    s.failReported = true;
    const request = S.bare({ method: 'GET', url: esUrl(es), headers: S.bare({}), wantsStream: true });
    const closed = esState(es) === 2;
    reportUnanswered(
      ctx,
      request,
      'eventsource',
      'error',
      closed
        ? 'the EventSource failed to connect and closed (an HTTP status other than 200, or a content type other than text/event-stream)'
        : 'the EventSource could not connect (network error); it keeps retrying',
    );
  };

  const onEvent =
    (es: EventSource, s: SourceState) =>
    (e: Event): void => {
      try {
        const type = I.eventType(e);
        if (type === 'open') {
          const replayed = replayer?.fake(es)?.replayed;
          s.streamId = ctx.newId();
          s.seq = 0;
          s.failReported = false;
          ctx.emit({
            kind: 'stream-open',
            streamId: s.streamId,
            seq: 0,
            t: ctx.now(),
            transport: 'eventsource',
            encoding: 'eventsource',
            url: esUrl(es),
            method: 'GET',
            requestHeaders: {},
            status: 200,
            contentType: 'text/event-stream',
            frameUrl: ctx.frameUrl(),
            ...(replayed ? { replayed } : {}),
          });
        } else if (type === 'error') {
          if (s.streamId === undefined) failedConnection(es, s);
          else end(s, 'error', esState(es) === 0 ? 'reconnecting' : 'connection closed');
        } else if (s.streamId !== undefined) {
          const data = I.messageData(e);
          ctx.emit({
            kind: 'stream-message',
            streamId: s.streamId,
            seq: ++s.seq,
            t: ctx.now(),
            event: type,
            data: typeof data === 'string' ? data : I.String(data),
            lastEventId: I.messageLastEventId(e),
          });
        }
      } catch {
        // never into the page (and not a MessageEvent: nothing to record)
      }
    };

  const listen = (es: EventSource, s: SourceState, type: string): void => {
    if (s.types[type]) return;
    s.types[type] = true;
    I.addListener(es, type, onEvent(es, s));
  };

  const track = (es: EventSource): void => {
    try {
      const s: SourceState = S.bare({ seq: 0, failReported: false, types: S.bare({} as Record<string, true>) });
      I.wmSet(states, es, s);
      listen(es, s, 'open');
      listen(es, s, 'message');
      listen(es, s, 'error');
    } catch {
      // never into the page
    }
  };

  const handler = S.bare({
    construct(target: AnyFn, args: unknown[], newTarget: AnyFn): object {
      let es: EventSource;
      try {
        const armed = replayer ? replay?.armed() : undefined;
        if (armed && replayer) {
          const r = replayer.construct(armed, args, newTarget);
          if (r.es) {
            track(r.es as EventSource);
            return r.es;
          }
          args = r.args;
        }
        es = I.construct(target, args, newTarget) as EventSource;
      } catch (err) {
        S.hideFrames(err, handler.construct);
        throw err;
      }
      track(es);
      return es;
    },
  });
  const Tapped = new Proxy(Native, handler as unknown as ProxyHandler<typeof EventSource>);
  ctx.maskAs(Tapped, `function EventSource() { [native code] }`);
  replaceValue(NP, 'constructor', Tapped);

  const nativeAdd = I.getOwnPropertyDescriptor(I.EventTargetProto, 'addEventListener')?.value as AnyFn;
  const addEventListener = ctx.mask(
    {
      addEventListener(this: unknown, ...args: unknown[]): unknown {
        try {
          const s =
            typeof this === 'object' && this !== null ? (I.wmGet(states, this) as SourceState | undefined) : undefined;
          if (s && typeof args[0] === 'string') listen(this as EventSource, s, args[0]);
        } catch {
          // never into the page
        }
        return callNative(ctx, nativeAdd, this, args, addEventListener);
      },
    }.addEventListener,
    'addEventListener',
    2,
  );
  replaceValue(I.EventTargetProto, 'addEventListener', addEventListener);
  const nativeClose = I.getOwnPropertyDescriptor(NP, 'close')?.value as AnyFn;
  const close = ctx.mask(
    {
      close(this: unknown): unknown {
        try {
          const s =
            typeof this === 'object' && this !== null ? (I.wmGet(states, this) as SourceState | undefined) : undefined;
          if (s) end(s, 'closed');
        } catch {
          // never into the page
        }
        if (replayer?.close(this)) return undefined;
        return callNative(ctx, nativeClose, this, [], close);
      },
    }.close,
    'close',
    0,
  );
  if (typeof nativeClose === 'function') replaceValue(NP, 'close', close);
  win.EventSource = Tapped;
  return () => {
    if (win.EventSource === Tapped) win.EventSource = Native;
    for (let i = undo.length - 1; i >= 0; i--) (undo[i] as () => void)();
  };
}
