// What the EventSource and XMLHttpRequest replay answerers both build at install: the
// page's timers held privately, the captured dispatchEvent, string operations for URL
// patterns, and the private record of which objects are replayed (never on the object).
import type { TapContext } from './context.js';
import type { ReplayWindow } from './replay-state.js';
import type { StrOps } from './replay-url.js';

type AnyFn = (...args: never[]) => unknown;

export interface ReplayParts<F> {
  readonly pwin: ReplayWindow;
  readonly dispatch: (target: unknown, event: Event) => boolean;
  readonly strOps: StrOps;
  readonly fakes: WeakMap<object, F>;
  readonly fakeOf: (o: unknown) => F | undefined;
}

export function replayParts<F>(
  ctx: TapContext,
  setT: ReplayWindow['setTimeout'],
  clearT: ReplayWindow['clearTimeout'],
): ReplayParts<F> {
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
  return { pwin, dispatch, strOps, fakes, fakeOf };
}
