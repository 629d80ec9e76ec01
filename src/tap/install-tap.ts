// The page-world tap: patches fetch, EventSource and XMLHttpRequest of one window and
// reports raw material through `emit` (its transport, given as an argument so tests use
// a fake window and a fake emit). Adds no page-visible globals. Every built-in it uses
// later is captured here, first (./intrinsics.ts). Returns an uninstaller for tests; the
// extension never uninstalls.
import { LIMITS, randomId } from '../bridge/messages.js';
import type { TapContext, TapEmit } from './context.js';
import { installDisguise } from './disguise.js';
import { installEventSourceTap, type EventSourceWindow } from './eventsource-tap.js';
import { installFetchTap, type FetchWindow } from './fetch-tap.js';
import { captureIntrinsics, type IntrinsicWindow } from './intrinsics.js';
import { makeSafe } from './safe.js';
import { createLater } from './chunk-batch.js';
import { installXhrTap, type XhrWindow } from './xhr-tap.js';
import { createReplayState, type ReplayWindow } from './replay-state.js';

export type TapWindow = FetchWindow &
  EventSourceWindow &
  XhrWindow &
  IntrinsicWindow &
  Partial<ReplayWindow> & {
    readonly crypto: Crypto;
    readonly top: unknown;
    readonly self: unknown;
    readonly document?: unknown;
    readonly MessageChannel?: typeof MessageChannel;
  };

export interface TapOptions {
  /** Bytes copied per stream before 'capture-truncated' (default 64 MB). */
  readonly maxStreamBytes?: number;
  /**
   * Hands over the function that takes replay controls from the private channel
   * (./channel.ts); without it, no replay can be armed in this frame.
   */
  readonly onReplayControl?: (handler: (data: unknown) => void) => void;
  /** Whether the transport copies a chunk into a Blob at once (./channel.ts): then no copy of ours first. */
  readonly gathering?: () => boolean;
}

export function installTap(win: TapWindow, emit: TapEmit, opts: TapOptions = {}): () => void {
  const I = captureIntrinsics(win);
  const S = makeSafe(I);
  const disguise = installDisguise(I, S, win.Function.prototype);
  const frameId = randomId(win.crypto);
  const now = I.now;
  const location = win.location;
  let counter = 0;
  const scheduler = createLater(I, win.MessageChannel);
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
    frameUrl: () => I.strSlice(I.String(location.href), 0, LIMITS.shortText),
    baseUrl: () => {
      // `document` and `location` are unforgeable: the page cannot replace them.
      const doc = win.document;
      if (doc) {
        try {
          const base = I.baseURI(doc);
          if (typeof base === 'string' && base !== '') return base;
        } catch {
          // not a Node: fall back to the location
        }
      }
      return I.String(location.href);
    },
    cap: opts.maxStreamBytes ?? LIMITS.streamBytes,
    mask: (fn, name, length) => disguise.mask(fn, name, length),
    maskAs: (obj, text) => disguise.maskAs(obj, text),
    ...(scheduler ? { later: scheduler.later } : {}),
    ...(opts.gathering ? { gathering: opts.gathering } : {}),
    I,
    S,
  };
  const undo: (() => void)[] = [];
  const replay = opts.onReplayControl ? createReplayState(ctx) : undefined;
  if (replay) opts.onReplayControl?.(replay.control);
  for (const install of [installFetchTap, installEventSourceTap, installXhrTap] as const) {
    try {
      undo.push(install(win, ctx, replay));
    } catch {
      // one missing API must not cost us the others
    }
  }
  ctx.emit({ kind: 'tap-ready', frameId, frameUrl: ctx.frameUrl(), top: win.top === win.self, t: ctx.now() });
  return () => {
    for (const u of undo) u();
    disguise.restore();
    scheduler?.close();
  };
}
