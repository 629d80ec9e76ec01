// The timing rules (src/core/catalogue/timing.ts) judged from capture times: each check takes
// the time it judges at as an argument (an event's arrival, a stream's end, or the `now`
// a caller passes to Inspector.tick), so the core keeps no clock. One TimingState per open
// stream, held by the pipeline beside its decoder.
import type { Finding } from '../findings.js';
import type { Keyed } from '../keyed.js';
import type { RunModel, StreamModel } from '../model/types.js';
import { ruleOf, type RuleId } from '../catalogue/catalogue.js';
import { looksBuffered, seconds, type TimingLimits } from '../catalogue/timing.js';

export interface TimingState {
  /**
   * Whether the capture timed each piece: a file import (a HAR's one body piece, a bare
   * body) has no arrival times to judge, and gets no timing finding.
   */
  readonly timed: boolean;
  /** Arrival of the stream's latest event (the stream's open time before any). */
  lastEventT: number;
  lastEventIndex: number;
  /** The event after which a stall was reported (-1: none), so one silence is reported once. */
  stallReportedAfter: number;
  /** The run whose open body was reported. */
  openReportedRun: string | undefined;
}

export function newTimingState(openedAt: number, timed: boolean): TimingState {
  return { timed, lastEventT: openedAt, lastEventIndex: -1, stallReportedAfter: -1, openReportedRun: undefined };
}

function finding(
  rule: RuleId,
  message: string,
  streamId: string,
  run: RunModel | undefined,
  events: readonly number[],
  t: number,
): Finding {
  const f: Keyed<Finding> = {
    rule,
    severity: ruleOf(rule).severity,
    message,
    streamId,
    threadId: run?.threadId,
    runId: run?.runId,
    events: [...events],
    toolCallId: undefined,
    messageId: undefined,
    t,
  };
  return f;
}

const terminalName = (run: RunModel): string => (run.status === 'errored' ? 'RUN_ERROR' : 'RUN_FINISHED');

const ended = (run: RunModel | undefined): run is RunModel & { endedAt: number } =>
  run !== undefined && (run.status === 'finished' || run.status === 'errored') && run.endedAt !== undefined;

/**
 * Events arrived at `firstT` after a silence: a stall when the stream's run was open through
 * it. `run` is the stream's run as it was before these events.
 */
export function stallOnArrival(
  w: TimingState,
  streamId: string,
  run: RunModel | undefined,
  firstIndex: number,
  firstT: number,
  limits: TimingLimits,
): Finding | undefined {
  const gap = firstT - w.lastEventT;
  if (!w.timed || run?.status !== 'running' || gap < limits.stallMs || w.stallReportedAfter === w.lastEventIndex)
    return undefined;
  w.stallReportedAfter = w.lastEventIndex;
  return finding(
    'timing/stall',
    `No event for ${seconds(gap)} inside the open run (keep-alive comments aside), from event ${w.lastEventIndex} to event ${firstIndex}: the user saw nothing happen.`,
    streamId,
    run,
    [firstIndex, ...(w.lastEventIndex >= 0 ? [w.lastEventIndex] : [])],
    firstT,
  );
}

/** At `now`, with the stream still open: a stall so far, or a body open past its terminal event. */
export function checkOpenStream(
  w: TimingState,
  streamId: string,
  run: RunModel | undefined,
  now: number,
  limits: TimingLimits,
): Finding | undefined {
  if (!w.timed) return undefined;
  if (run?.status === 'running') {
    const gap = now - w.lastEventT;
    if (gap < limits.stallMs || w.stallReportedAfter === w.lastEventIndex || w.lastEventIndex < 0) return undefined;
    w.stallReportedAfter = w.lastEventIndex;
    return finding(
      'timing/stall',
      `No event for ${seconds(gap)} so far inside the open run (keep-alive comments aside), since event ${w.lastEventIndex}: the user sees nothing happen.`,
      streamId,
      run,
      [w.lastEventIndex],
      w.lastEventT,
    );
  }
  return openAfterTerminal(w, streamId, run, now, false, limits);
}

/** The body is still open at `at` (or ended only then, `closed`) after the run's terminal event. */
export function openAfterTerminal(
  w: TimingState,
  streamId: string,
  run: RunModel | undefined,
  at: number,
  closed: boolean,
  limits: TimingLimits,
): Finding | undefined {
  if (!w.timed || !ended(run) || w.openReportedRun === run.key) return undefined;
  const open = at - run.endedAt;
  if (open < limits.openAfterTerminalMs) return undefined;
  w.openReportedRun = run.key;
  const what = terminalName(run);
  const message = closed
    ? `The body stayed open ${seconds(open)} after ${what}: until it ended, @ag-ui/client's HttpAgent kept the run active (isRunning) and refused the next run on this thread ("Thread already running").`
    : `The body is still open ${seconds(open)} after ${what}: @ag-ui/client's HttpAgent keeps the run active (isRunning) until the body ends, and refuses the next run on this thread ("Thread already running").`;
  return finding('timing/open-after-terminal', message, streamId, run, [run.lastEvent], run.endedAt);
}

/**
 * A run that ended, judged for buffered delivery: its events arrived in one burst after a
 * silence since the response headers (or the stream's previous run).
 */
export function bufferedRun(
  stream: StreamModel,
  run: RunModel,
  previous: RunModel | undefined,
  limits: TimingLimits,
): Finding | undefined {
  if (stream.info.transport === 'import' || run.endedAt === undefined || run.implicit === true) return undefined;
  const from = previous?.endedAt ?? stream.info.startedAt;
  const silence = run.startedAt - from;
  const burst = run.endedAt - run.startedAt;
  if (!looksBuffered(silence, burst, run.lastEvent - run.firstEvent + 1, limits)) return undefined;
  return finding(
    'timing/buffered',
    `All ${run.lastEvent - run.firstEvent + 1} events of the run arrived within ${Math.round(burst)} ms, after ${seconds(silence)} of silence since the ${previous === undefined ? 'response headers' : 'previous run'}: a proxy or compression is buffering the stream.`,
    stream.info.streamId,
    run,
    [run.firstEvent],
    run.startedAt,
  );
}
