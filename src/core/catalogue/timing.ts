// Time around the stream: what the capture times say that the events alone cannot. A body
// left open after its terminal event (the client's run never resolves), a stall inside an
// open run, and delivery held back and released in one burst (a buffering proxy). Judged
// by src/core/timing/watch.ts from capture times, never from a clock of the core's own.
import { ruleFamily } from './rule-family.js';

export const TIMING_RULES = ruleFamily({ fatal: false, client: 'no', needs: 'stream' }, [
  {
    id: 'timing/open-after-terminal',
    severity: 'error',
    specRef: 'AG-UI docs › Events (Lifecycle); `@ag-ui/client` HttpAgent',
    specText:
      'RUN_FINISHED and RUN_ERROR end the run; the HTTP agent resolves the run when the response body ends, so a body left open keeps the agent running and the next run on the thread is refused.',
    explain:
      'End the response right after RUN_FINISHED or RUN_ERROR: stop keep-alive timers and close the stream when the run ends, also on error paths.',
  },
  {
    id: 'timing/stall',
    severity: 'warning',
    specRef: 'AG-UI draft › Streaming',
    specText:
      'Events are streamed as they are produced; a run that sends no event for a long time (keep-alive comments aside) looks hung to its user.',
    explain:
      'Find what the agent waited on (a model call, a tool, a lock); stream progress events (a STEP_STARTED, reasoning) while it waits.',
  },
  {
    id: 'timing/buffered',
    severity: 'warning',
    specRef: 'AG-UI draft › Streaming; HTML › Server-sent events',
    specText:
      'An event stream is delivered as it is written; a run whose events all arrive in one burst at the end, after a long silence, was held back on the way.',
    explain:
      'A proxy or compression is buffering the stream: send `Cache-Control: no-cache, no-transform` and `X-Accel-Buffering: no`, and turn off response compression and proxy buffering for this route.',
  },
]);

/** The thresholds the timing rules use (ms); each settable, so tests and CI can shorten them. */
export interface TimingLimits {
  /** How long a body may stay open after its terminal event. */
  readonly openAfterTerminalMs: number;
  /** How long an open run may go without an event (keep-alive comments aside). */
  readonly stallMs: number;
  /** The silence before a run's first event that, with a burst after it, reads as buffering. */
  readonly bufferedSilenceMs: number;
}

export const DEFAULT_TIMING_LIMITS: TimingLimits = Object.freeze({
  openAfterTerminalMs: 5000,
  stallMs: 30000,
  bufferedSilenceMs: 2000,
});

/** Seconds as people read them: "5 s", "1.2 s", "35 s". */
export function seconds(ms: number): string {
  const s = ms / 1000;
  return `${s >= 10 ? Math.round(s) : Math.round(s * 10) / 10} s`;
}

/**
 * A run delivered in one burst after a silence: at least three events, arriving within a
 * window that is small beside the silence before them (a twentieth of it, at least 100 ms).
 */
export function looksBuffered(silenceMs: number, burstMs: number, events: number, limits: TimingLimits): boolean {
  return events >= 3 && silenceMs >= limits.bufferedSilenceMs && burstMs <= Math.max(100, silenceMs / 20);
}
