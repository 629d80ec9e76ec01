// What the capture store offers the panel, and how it paces publication (./capture-store.ts).
import type { Signal } from '@preact/signals';
import type { RelayMessage } from '../../bridge/messages.js';
import type { Inspector } from '../../core/inspector.js';
import type { TimingLimits } from '../../core/catalogue/timing.js';
import type { SessionModel } from '../../core/model/types.js';
import type { CaptureHealth } from './health.js';

export interface CaptureStore {
  readonly model: Signal<SessionModel>;
  readonly health: Signal<CaptureHealth>;
  readonly recording: Signal<boolean>;
  /** Streams whose timing is coarse (XHR): the panel says so. */
  readonly coarseStreams: Signal<ReadonlySet<string>>;
  /** Queue one message; applied at the next frame. */
  receive(msg: RelayMessage): void;
  /**
   * Apply what is queued now, up to the slice budget (the frame task; tests call it
   * directly); `whole`: everything, whatever the budget (a benchmark's synchronous ingest).
   */
  flush(whole?: boolean): void;
  setConnected(connected: boolean): void;
  setRecording(on: boolean): void;
  /** Start a fresh session (keeps de-dupe state so a replay does not bring it back). */
  clear(): void;
  /** Replace the session with an already-built inspector (import). */
  replaceInspector(inspector: Inspector): void;
  readonly inspector: () => Inspector;
  /** Called on a top-frame navigation; the store decides with preserve log. */
  preserveLog: () => boolean;
  /** The timing rules' thresholds (the user's settings), read at each tick. */
  timingLimits: () => Partial<TimingLimits>;
  /** The session-wide cap in bytes (the user's setting). */
  setSessionCap(bytes: number): void;
  /**
   * The capture clock (ms since epoch) as of the last tick: how long a body has stayed open
   * is measured against it. 0 until the first tick (offline: never).
   */
  readonly clock: Signal<number>;
  /** Time passed with no input: the inspector judges open streams at `now` (a timer calls it). */
  tick(now: number): void;
}

export interface PublishPolicy {
  /** Minimum ms between model publications while data keeps arriving (0 = every batch). */
  readonly intervalMs: number;
  readonly now: () => number;
  /**
   * Most ms of messages one slice applies (at least one message); the rest follows in the
   * next slices, with the browser's turn (input, frames) between them. A flood then costs
   * many short tasks instead of one frame frozen for seconds while the whole backlog is
   * applied. Unset: everything queued, at once.
   */
  readonly frameBudgetMs?: number;
}
