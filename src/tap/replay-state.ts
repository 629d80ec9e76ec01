// The armed replay of this document, set only by controls that arrive on the tap's
// private MessagePort (./channel.ts): the page can neither arm it nor read it. Control
// data are structured clones made in this realm, so every field is read as an own data
// property through captured natives (an absent key would otherwise reach a getter the
// page put on Object.prototype, telling it that a control arrived).
import type { TapContext } from './context.js';

export interface ReplayWindow {
  readonly JSON: JSON;
  readonly setTimeout: (fn: () => void, ms: number) => number;
  readonly clearTimeout: (id: number) => void;
  readonly Request: typeof Request;
  readonly DOMException?: typeof DOMException;
  readonly AbortSignal?: typeof AbortSignal;
}

/** One recorded response, as the tap keeps it. */
export interface TapRun {
  readonly source: string;
  /** The URL the run was recorded from ('' when the recording names none). */
  readonly recordedUrl: string;
  readonly status: number;
  readonly contentType: string;
  readonly bytes: Uint8Array;
  readonly ends: ArrayLike<number>;
  readonly at: ArrayLike<number>;
  readonly patches: ArrayLike<number>;
  readonly pieces: number;
  readonly patchCount: number;
}

export interface Armed {
  readonly armId: string;
  readonly deadline: number;
  readonly pattern: string;
  /** '' = any path; else the request URL's path must be exactly this (any origin). */
  readonly path: string;
  /** Paths answered beside `path` ("Answer /agent too" in the panel), added while armed. */
  readonly also: string[];
  readonly rewriteIds: boolean;
  readonly step: boolean;
  readonly runs: readonly TapRun[];
  next: number;
}

/** The stream a replay is playing now (Step releases and Cancel go to it). */
export interface Playing {
  readonly armId: string;
  release(upTo: number): void;
  /** Ends it as a dropped connection; `why` is what the capture records as the reason. */
  cancel(why: string): void;
}

/** Why a replay was ended early, as the replayed stream's end records it. */
export const CANCELLED_IN_PANEL = 'replay cancelled in the panel (the app saw a dropped connection)';
export const PANEL_GONE = 'replay ended: the panel was closed (the app saw a dropped connection)';

export interface ReplayState {
  /** The armed replay if there is one and it has not expired. */
  armed(): Armed | undefined;
  /** Takes the next run of the armed replay (disarms after the last). */
  take(a: Armed): { run: TapRun; index: number };
  setPlaying(p: Playing | undefined): void;
  control(data: unknown): void;
}

export function createReplayState(ctx: TapContext): ReplayState {
  const { I } = ctx;
  const TA = I.getPrototypeOf(I.Uint8Array.prototype) as object;
  const lengthDesc = I.getOwnPropertyDescriptor(TA, 'length');
  const taLength = lengthDesc?.get ? (I.uncurry(lengthDesc.get) as (t: unknown) => number) : () => 0;
  const own = (o: unknown, key: string): unknown => {
    if (typeof o !== 'object' || o === null) return undefined;
    const d = I.getOwnPropertyDescriptor(o, key);
    return d && 'value' in d ? d.value : undefined;
  };
  const str = (o: unknown, key: string): string => {
    const v = own(o, key);
    return typeof v === 'string' ? v : '';
  };
  const num = (o: unknown, key: string): number => {
    const v = own(o, key);
    return typeof v === 'number' && v === v ? v : 0;
  };
  const typed = (o: unknown, key: string): ArrayLike<number> | undefined => {
    const v = own(o, key);
    try {
      taLength(v);
      return v as ArrayLike<number>;
    } catch {
      return undefined;
    }
  };
  const readRun = (r: unknown): TapRun | undefined => {
    const bytes = typed(r, 'bytes');
    const ends = typed(r, 'ends');
    const at = typed(r, 'at');
    const patches = typed(r, 'patches');
    if (!bytes || !ends || !at || !patches) return undefined;
    const pieces = taLength(ends);
    if (taLength(at) !== pieces) return undefined;
    return {
      source: str(r, 'source'),
      recordedUrl: str(r, 'recordedUrl'),
      status: num(r, 'status'),
      contentType: str(r, 'contentType'),
      bytes: bytes as Uint8Array,
      ends,
      at,
      patches,
      pieces,
      patchCount: (taLength(patches) / 3) | 0,
    };
  };

  let current: Armed | undefined;
  let playing: Playing | undefined;
  const arm = (data: unknown): void => {
    const list = own(data, 'runs');
    const n = num(list, 'length');
    const runs: TapRun[] = [];
    for (let i = 0; i < n && i < 64; i++) {
      const run = readRun(own(list, I.String(i)));
      if (!run) return;
      runs[runs.length] = run;
    }
    if (runs.length === 0) return;
    current = {
      armId: str(data, 'armId'),
      deadline: ctx.now() + num(data, 'ttlMs'),
      pattern: str(data, 'pattern'),
      path: str(data, 'path'),
      also: [],
      rewriteIds: own(data, 'rewriteIds') === true,
      step: own(data, 'step') === true,
      runs,
      next: 0,
    };
    // Only now may the panel's armed bar say "armed": a request the app makes from here on is answered.
    ctx.emit({ kind: 'replay-armed', armId: current.armId, t: ctx.now() });
  };
  return {
    armed() {
      // Expiry is for an arm nobody has taken: once the app took a run, the arm lives until
      // its last run is taken, it is disarmed or cancelled, or the document goes.
      if (current && current.next === 0 && ctx.now() > current.deadline) current = undefined;
      return current;
    },
    take(a) {
      const index = a.next++;
      if (a.next >= a.runs.length && current === a) current = undefined;
      return { run: a.runs[index] as TapRun, index };
    },
    setPlaying(p) {
      playing = p;
    },
    control(data) {
      try {
        const kind = str(data, 'kind');
        const armId = str(data, 'armId');
        if (kind === 'replay-arm') arm(data);
        else if (kind === 'replay-disarm') {
          if (current?.armId === armId) current = undefined;
        } else if (kind === 'replay-also') {
          const path = str(data, 'path');
          // Only an arm with a path condition widens (one without answers every path already).
          if (
            current?.armId === armId &&
            current.path !== '' &&
            path !== '' &&
            current.also.length < 16 /* REPLAY_LIMITS.alsoPaths */
          ) {
            current.also[current.also.length] = path;
            // A copy: the arm's own list may grow before the message is sent.
            const also: string[] = [];
            for (let i = 0; i < current.also.length; i++) also[i] = current.also[i] as string;
            // Only now may the panel's bar say the arm answers the path too.
            ctx.emit({ kind: 'replay-armed', armId, t: ctx.now(), also });
          }
        } else if (kind === 'replay-release') {
          if (playing?.armId === armId) playing.release(num(data, 'upTo'));
        } else if (kind === 'replay-cancel') {
          if (playing?.armId === armId) playing.cancel(CANCELLED_IN_PANEL);
        } else if (kind === 'replay-panel-gone') {
          // Nobody can step, cancel or see it any more: end it as a dropped connection.
          current = undefined;
          playing?.cancel(PANEL_GONE);
          playing = undefined;
        }
      } catch {
        // never into the page
      }
    },
  };
}
