// What the EventSource and XMLHttpRequest replay answerers both build at install: the
// page's timers held privately, the captured dispatchEvent, string operations for URL
// patterns, the private record of which objects are replayed (never on the object), the
// prototype members that answer for replayed objects and call the natives for all others,
// and the start of a played body.
import { callNative, type TapContext } from './context.js';
import { patchRun, playBody } from './replay-body.js';
import type { Armed, TapRun, ReplayWindow } from './replay-state.js';
import type { ReplayState } from './replay-state.js';
import type { StrOps } from './replay-url.js';

type AnyFn = (...args: never[]) => unknown;

/** A recorded body being played to a replayed object. */
export interface Playback {
  readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly dec: TextDecoder;
  /** Cancels the reader (the pacing stops); never throws. */
  stop(): void;
}

/** Where a replay answerer installs: the tap's context, the prototype it answers on, the replay, the undo list. */
export interface ReplayHost {
  readonly ctx: TapContext;
  readonly proto: object;
  readonly state: ReplayState;
  readonly undo: (() => void)[];
}

export interface ReplayParts<F> {
  readonly pwin: ReplayWindow;
  readonly dispatch: (target: unknown, event: Event) => boolean;
  readonly strOps: StrOps;
  readonly fakes: WeakMap<object, F>;
  readonly fakeOf: (o: unknown) => F | undefined;
  /** proto's getter (and setter, given `set`): ours for replayed objects, the native's (same this, same errors) for the rest. */
  readonly accessor: (key: string, get: (f: F) => unknown, set?: (f: F, v: unknown) => void) => void;
  /** proto's method, likewise. */
  readonly method: (key: string, length: number, mine: (f: F, args: unknown[]) => unknown) => void;
  /** Plays `run` (with `ids` patched in) and makes it the one Step and Cancel go to. */
  readonly play: (a: Armed, run: TapRun, ids: readonly (Uint8Array | undefined)[] | undefined) => Playback;
}

export function replayParts<F>(
  host: ReplayHost,
  setT: ReplayWindow['setTimeout'],
  clearT: ReplayWindow['clearTimeout'],
): ReplayParts<F> {
  const { ctx, proto, state, undo } = host;
  const { I, S } = ctx;
  const pwin = S.bare({ setTimeout: setT, clearTimeout: clearT }) as unknown as ReplayWindow;
  const dispatch = I.uncurry(I.getOwnPropertyDescriptor(I.EventTargetProto, 'dispatchEvent')?.value as AnyFn) as (
    t: unknown,
    e: Event,
  ) => boolean;
  const strOps = S.bare({ indexOf: I.strIndexOf, slice: I.strSlice }) as StrOps;
  const fakes = new I.WeakMap<object, F>();
  const fakeOf = (o: unknown): F | undefined =>
    typeof o === 'object' && o !== null ? (I.wmGet(fakes, o) as F | undefined) : undefined;

  const wrapped = (fn: AnyFn, name: string, length: number, mine: (f: F, args: unknown[]) => unknown): AnyFn => {
    const w = ctx.mask(
      {
        [name](this: unknown, ...args: unknown[]): unknown {
          const f = fakeOf(this);
          return f ? mine(f, args) : callNative(ctx, fn, this, args, w);
        },
      }[name] as AnyFn,
      name,
      length,
    );
    return w;
  };
  const replace = (key: string, make: (d: PropertyDescriptor) => PropertyDescriptor | undefined): void => {
    const d = I.getOwnPropertyDescriptor(proto, key);
    const next = d ? make(d) : undefined;
    if (!d || !next) return;
    I.defineProperty(proto, key, S.bare(next));
    undo[undo.length] = () => void I.defineProperty(proto, key, S.bare(d));
  };
  const accessor = (key: string, get: (f: F) => unknown, set?: (f: F, v: unknown) => void): void =>
    replace(key, (d) =>
      d.get
        ? {
            get: wrapped(d.get as AnyFn, `get ${key}`, 0, get),
            set: d.set && set ? wrapped(d.set as AnyFn, `set ${key}`, 1, (f, args) => set(f, args[0])) : d.set,
            enumerable: d.enumerable,
            configurable: d.configurable,
          }
        : undefined,
    );
  const method = (key: string, length: number, mine: (f: F, args: unknown[]) => unknown): void =>
    replace(key, (d) =>
      typeof d.value === 'function'
        ? {
            value: wrapped(d.value as AnyFn, key, length, mine),
            writable: d.writable,
            enumerable: d.enumerable,
            configurable: d.configurable,
          }
        : undefined,
    );

  const play = (a: Armed, run: TapRun, ids: readonly (Uint8Array | undefined)[] | undefined): Playback => {
    const body = playBody(ctx, pwin, patchRun(ctx, run, ids), run.at, a.step);
    const reader = I.getReader(body.stream);
    state.setPlaying(
      S.bare({ armId: a.armId, release: body.release, cancel: () => body.fail(new I.TypeError('network error')) }),
    );
    const stop = (): void => {
      try {
        S.then(
          I.readerCancel(reader),
          () => undefined,
          () => undefined,
        );
      } catch {
        // already released
      }
    };
    return { reader, dec: new I.TextDecoder(), stop };
  };
  return { pwin, dispatch, strOps, fakes, fakeOf, accessor, method, play };
}
