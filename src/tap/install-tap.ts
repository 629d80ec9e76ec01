// The page-world tap: patches fetch, EventSource and XMLHttpRequest of one window and
// reports raw material through `emit` (its transport, given as an argument so tests use
// a fake window and a fake emit). Adds no page-visible globals. Returns an uninstaller
// for tests; the extension never uninstalls.
import { LIMITS, randomId } from '../bridge/messages.js';
import type { TapContext, TapEmit } from './context.js';
import { installDisguise } from './disguise.js';
import { installEventSourceTap, type EventSourceWindow } from './eventsource-tap.js';
import { installFetchTap, type FetchWindow } from './fetch-tap.js';
import { installXhrTap, type XhrWindow } from './xhr-tap.js';

export type TapWindow = FetchWindow &
  EventSourceWindow &
  XhrWindow & {
    readonly Function: FunctionConstructor;
    readonly Date: DateConstructor;
    readonly crypto: Crypto;
    readonly top: unknown;
    readonly self: unknown;
  };

export interface TapOptions {
  /** Bytes copied per stream before 'capture-truncated' (default 64 MB). */
  readonly maxStreamBytes?: number;
}

export function installTap(win: TapWindow, emit: TapEmit, opts: TapOptions = {}): () => void {
  const disguise = installDisguise(win.Function.prototype);
  const frameId = randomId(win.crypto);
  const now = win.Date.now;
  let counter = 0;
  const ctx: TapContext = {
    emit: (msg, transfer) => {
      try {
        emit(msg, transfer);
      } catch {
        // a closed port or an uncloneable value: never into the page
      }
    },
    now: () => now(),
    newId: () => `${frameId}.${++counter}`,
    frameUrl: () => String(win.location.href).slice(0, LIMITS.shortText),
    cap: opts.maxStreamBytes ?? LIMITS.streamBytes,
    mask: (fn, name, length) => disguise.mask(fn, name, length),
  };
  const undo: (() => void)[] = [];
  for (const install of [installFetchTap, installEventSourceTap, installXhrTap] as const) {
    try {
      undo.push(install(win, ctx));
    } catch {
      // one missing API must not cost us the others
    }
  }
  ctx.emit({ kind: 'tap-ready', frameId, frameUrl: ctx.frameUrl(), top: win.top === win.self, t: ctx.now() });
  return () => {
    for (const u of undo) u();
    disguise.restore();
  };
}
