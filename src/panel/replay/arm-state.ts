// The armed replay as the bar shows it, and how its status moves: arming (sent) → armed (the
// tap confirmed) or unconfirmed (no confirmation in time); armed → expired (nobody took it in
// time) or ended (every run taken, or disarmed). Each transition is a pure function of the
// arm, so the store's timers, relay messages and model watch apply the same rules.
import type { Divergence, ReplayRun } from '../../core/replay/index.js';
import type { MissedRequest } from './arm-miss.js';
import type { Answered } from './plans.js';

/** arming: sent, not yet confirmed by the tap; unconfirmed: no confirmation in time (no tap,
 * or the page navigated); armed: confirmed, waiting for the app; expired: nobody took it in
 * time; ended: disarmed, done or gone. */
export type ArmStatus = 'arming' | 'unconfirmed' | 'armed' | 'expired' | 'ended';

/** How long the panel waits for the tap's 'replay-armed' before saying the page did not confirm. */
export const ARM_ACK_MS = 5000;

/** The tab may hold the arm (or is about to): Disarm is offered and means something. */
export const isLiveArm = (s: ArmStatus): boolean => s === 'arming' || s === 'unconfirmed' || s === 'armed';

export interface ArmedReplay {
  readonly armId: string;
  /** When an untaken arm expires (it never does once the app took a run). */
  readonly expiresAt: number;
  readonly runs: readonly ReplayRun[];
  readonly step: boolean;
  readonly answered: readonly Answered[];
  /** Step mode: pieces delivered of the run being played. */
  readonly delivered: number;
  readonly status: ArmStatus;
  /** What the arm answers, in words ("/agent on any origin"). */
  readonly target: string;
  /** The URL path the arm answers ('' = any path, or a pattern decides). */
  readonly path: string;
  /** Paths answered beside `path` ("Answer /agent too"). */
  readonly also: readonly string[];
  /** When the tap armed, on the tap's clock: a run request of the tab after it was the arm's to answer. */
  readonly armedAt?: number;
  /** The latest run request of this tab that went to the network while the arm waited for one. */
  readonly missed?: MissedRequest;
  /** The stream last reported as missed: kept when the notice goes (answered too, or taken), so it is said once. */
  readonly lastMissed?: string;
}

/** Names one run of one armed replay (a stream's `replayed.armId` and `index`). */
export const replayKey = (armId: string, index: number): string => `${armId}#${index}`;

/** The tap's 'replay-armed': late is still true, a confirmation after "did not confirm" counts. */
export function confirmed(a: ArmedReplay, armId: string, t: number): ArmedReplay | undefined {
  return a.armId === armId && (a.status === 'arming' || a.status === 'unconfirmed')
    ? { ...a, status: 'armed', armedAt: t }
    : undefined;
}

/** No confirmation within ARM_ACK_MS: the bar says so instead of "armed". */
export function unconfirmed(a: ArmedReplay, armId: string): ArmedReplay | undefined {
  return a.armId === armId && a.status === 'arming' ? { ...a, status: 'unconfirmed' } : undefined;
}

/** Expiry is for an arm nobody took: a run being answered lives until it ends. */
export const expires = (a: ArmedReplay, armId: string): boolean =>
  a.armId === armId && isLiveArm(a.status) && a.answered.length === 0;

/** Keeps every run already seen taken: a Clear or eviction does not make the app un-take it. */
export function mergeAnswered(seen: readonly Answered[], now: readonly Answered[]): Answered[] {
  const out = [...seen];
  for (const a of now) if (!out.some((s) => s.streamId === a.streamId)) out.push(a);
  return out;
}

/**
 * The app took more runs (`answered` holds them all, old first). A taken run proves the arm,
 * whatever the bar said before (an acknowledgement may lag); after its last run the tab has
 * disarmed itself.
 */
export function taken(a: ArmedReplay, answered: readonly Answered[]): ArmedReplay {
  const revived = a.status === 'ended' ? 'ended' : 'armed';
  // A request that went elsewhere before is no longer the news: this one was answered.
  const { missed: _, ...rest } = a;
  return { ...rest, answered, delivered: 0, status: answered.length >= a.runs.length ? 'ended' : revived };
}

/** Whether the model can still add taken runs to this arm (an ended arm with all runs taken cannot). */
export const watching = (a: ArmedReplay): boolean => !(a.status === 'ended' && a.answered.length === a.runs.length);

export type DivergenceLog = Map<string, readonly Divergence[]>;
