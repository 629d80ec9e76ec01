// A run's timing as the panel shows it: the figures (time to headers, first event, first
// token, total) and, for a run whose terminal event came while its body stays open, the
// pending note Network gives a request still loading ("finished, body still open 12 s").
import type { RunModel, StreamModel } from '../../core/model/types.js';
import { runTiming, type RunTiming } from '../core-deps.js';
import { formatMs } from './format.js';

export type { RunTiming };

/** The stream's run before `run`, for figures measured from its end. */
function previousRun(stream: StreamModel, run: RunModel, findRun: (key: string) => RunModel | undefined) {
  const at = stream.runKeys.indexOf(run.key);
  return at > 0 ? findRun(stream.runKeys[at - 1] as string) : undefined;
}

export function timingOf(
  stream: StreamModel | undefined,
  run: RunModel,
  findRun: (key: string) => RunModel | undefined,
  now: number,
): RunTiming | undefined {
  return stream === undefined ? undefined : runTiming(stream, run, previousRun(stream, run, findRun), now);
}

/** "finished, body still open 12 s" while the body outlives the terminal event; else undefined. */
export function pendingNote(timing: RunTiming | undefined, run: RunModel): string | undefined {
  if (timing?.openAfterTerminalMs === undefined) return undefined;
  return `${run.status === 'errored' ? 'failed' : 'finished'}, body still open ${formatMs(timing.openAfterTerminalMs)}`;
}

/**
 * The figures in reading order, each [label, value]; empty when the capture cannot tell. A
 * file without per-event timing (a HAR) can still tell the time to headers, and only that.
 */
export function timingFigures(timing: RunTiming | undefined): [string, string][] {
  if (timing === undefined) return [];
  const out: [string, string][] = [];
  if (timing.headersMs !== undefined) out.push(['to headers', formatMs(timing.headersMs)]);
  if (!timing.timed) return out;
  if (timing.firstEventMs !== undefined) out.push(['to first event', formatMs(timing.firstEventMs)]);
  out.push(['to first token', timing.firstTokenMs !== undefined ? formatMs(timing.firstTokenMs) : 'none']);
  if (timing.totalMs !== undefined) out.push([timing.ended ? 'total' : 'so far', formatMs(timing.totalMs)]);
  if (timing.keepAlives.length > 0) out.push(['keep-alives', String(timing.keepAlives.length)]);
  return out;
}

/** One line for a tooltip or caption: "first event 12 ms · first token 340 ms · total 1.2 s". */
export function timingLine(timing: RunTiming | undefined): string {
  const figures = timingFigures(timing).map(([k, v]) => `${k} ${v}`);
  if (timing !== undefined && !timing.timed) figures.push('no per-event timing in this file');
  return figures.join(' · ');
}
