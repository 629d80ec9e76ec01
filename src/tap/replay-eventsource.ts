// EventSource while a replay is armed. A new EventSource whose URL matches the armed
// pattern (any URL without one), while the next armed run is an event stream, is answered
// here from the recording with no network request: the page gets an EventTarget built with
// the constructor's own prototype (so `instanceof`, the constructor, subclasses and
// Symbol.toStringTag are the native's), and the prototype's url, withCredentials,
// readyState and on* accessors answer for it; for every other object they call the natives,
// as before. The recorded body is parsed as a browser does and delivered as MessageEvents
// (type, data, lastEventId, origin) with the armed pacing; the end of the recording or the
// panel's Cancel looks like a dropped connection (readyState CONNECTING and an `error`
// event; the replay does not reconnect). A recorded status other than 200 fails the
// connection (readyState CLOSED and `error`), as a real one does.
import type { ReplayedFrom } from '../bridge/messages.js';
import { replayParts, type ReplayHost } from './replay-parts.js';
import type { Armed, ReplayWindow, TapRun } from './replay-state.js';
import { armAnswersUrl, originOf } from './replay-url.js';
import { createSseParser } from './sse-parse.js';

export interface EventSourceReplayWindow {
  readonly EventTarget: typeof EventTarget;
  readonly Event?: typeof Event;
  readonly MessageEvent?: typeof MessageEvent;
}

interface Fake {
  readonly url: string;
  readonly withCredentials: boolean;
  readonly replayed: ReplayedFrom;
  readonly status: number;
  readyState: number;
  readonly handlers: Record<string, unknown>;
  stop(): void;
}

export interface EventSourceReplay {
  /**
   * The replayed source for these constructor arguments, or the arguments to give the
   * native instead (the URL converted once, so the page's toString runs once either way).
   */
  construct(a: Armed, args: unknown[], newTarget: unknown): { es?: object; args: unknown[] };
  fake(es: unknown): Readonly<Fake> | undefined;
  /** close() on a replayed source; false for any other object. */
  close(es: unknown): boolean;
}

type AnyFn = (...args: never[]) => unknown;
const HANDLERS = ['open', 'message', 'error'] as const;

export function createEventSourceReplay(
  host: ReplayHost,
  win: EventSourceReplayWindow & Partial<ReplayWindow>,
): EventSourceReplay | undefined {
  const { ctx, state } = host;
  const { I, S } = ctx;
  const TargetC = win.EventTarget;
  const EventC = win.Event;
  const MessageC = win.MessageEvent;
  const setT = win.setTimeout;
  if (!EventC || !MessageC || !setT || !win.clearTimeout) return undefined;
  const { dispatch, strOps, fakes, fakeOf, accessor, play } = replayParts<Fake>(host, setT, win.clearTimeout);

  accessor('url', (f) => f.url);
  accessor('withCredentials', (f) => f.withCredentials);
  accessor('readyState', (f) => f.readyState);
  for (const type of HANDLERS) {
    accessor(
      `on${type}`,
      (f) => f.handlers[type] ?? null,
      (f, v) => {
        f.handlers[type] = typeof v === 'function' || (typeof v === 'object' && v !== null) ? v : null;
      },
    );
  }

  const fire = (es: object, ev: Event): void => void dispatch(es, ev);

  const start = (es: object, f: Fake, a: Armed, run: TapRun): (() => void) => {
    const { reader, dec, stop } = play(a, run, undefined);
    const parser = createSseParser(I);
    const origin = originOf(f.url, strOps);
    let stopped = false;
    const drop = (): void => {
      if (stopped || f.readyState === 2) return;
      stopped = true;
      f.readyState = 0;
      fire(es, I.construct(EventC, ['error']) as Event);
    };
    const pump = (): void => {
      S.then(
        I.read(reader),
        (r) => {
          if (stopped) return;
          if (r.done) return drop();
          const events = parser.push(I.decode(dec, r.value, S.bare({ stream: true })));
          for (let i = 0; i < events.length && !stopped; i++) {
            const e = events[i];
            if (!e) continue;
            const init = S.bare({ data: e.data, lastEventId: e.lastEventId, origin });
            fire(es, I.construct(MessageC, [e.type, init]) as Event);
          }
          if (!stopped) pump();
        },
        drop,
      );
    };
    // The connection is announced on a later task, as the browser does: the app adds its listeners first.
    setT(() => {
      try {
        if (stopped || f.readyState !== 0) return;
        if (f.status !== 200) {
          stopped = true;
          f.readyState = 2;
          fire(es, I.construct(EventC, ['error']) as Event);
          void I.readerCancel(reader);
          return;
        }
        f.readyState = 1;
        fire(es, I.construct(EventC, ['open']) as Event);
        pump();
      } catch {
        // never into the page
      }
    }, 0);
    return () => {
      stopped = true;
      stop();
    };
  };

  return {
    construct(a, args, newTarget) {
      if (args.length === 0) return { args };
      const url = `${args[0] as string}`; // the native's conversion, once
      const rest: unknown[] = [url];
      for (let i = 1; i < args.length; i++) rest[i] = args[i];
      const init = args[1];
      if (init !== undefined && init !== null && typeof init !== 'object') return { args: rest };
      let href: string;
      try {
        href = I.urlHref(new I.URL(url, ctx.baseUrl()));
      } catch {
        return { args: rest }; // the native throws its own SyntaxError
      }
      const next = a.runs[a.next];
      const sse = next ? I.strIndexOf(I.strLower(next.contentType), 'text/event-stream') === 0 : false;
      if (!sse || !armAnswersUrl(href, a, strOps)) return { args: rest };
      const withCredentials = init ? !!(init as { withCredentials?: unknown }).withCredentials : false;
      const es = I.construct(TargetC, [], newTarget as AnyFn) as object;
      const { run, index } = state.take(a);
      const f: Fake = {
        url: href,
        withCredentials,
        replayed: S.bare({ source: run.source, armId: a.armId, index }),
        status: run.status,
        readyState: 0,
        handlers: S.bare({}),
        stop: () => undefined,
      };
      I.wmSet(fakes, es, f);
      // Handler attributes run where they were first set among the listeners; set on first use here.
      for (const type of HANDLERS)
        I.addListener(es as EventTarget, type, (e: Event) => {
          const h = f.handlers[type];
          if (typeof h === 'function') I.apply(h as AnyFn, es, [e]);
        });
      (f as { stop: () => void }).stop = start(es, f, a, run);
      return { es, args: rest };
    },
    fake: fakeOf,
    close(es) {
      const f = fakeOf(es);
      if (!f) return false;
      if (f.readyState !== 2) {
        f.readyState = 2;
        f.stop();
      }
      return true;
    },
  };
}
