// Where runs and placeholder lanes start and end on the axis, and the extent of what the
// timeline shows (what "fit" fits). O(shown runs + placeholders).
import type { RunModel } from '../../core/model/types.js';
import type { LaneAxis } from './lane-axis.js';
import type { PlaceholderLane } from './placeholder-lanes.js';

export interface AxisSpan {
  readonly from: number;
  readonly to: number;
}

/** A run from its first event to just past its last (or to the stream's open end while it runs). */
export function runSpan(axis: LaneAxis, run: RunModel, now: number): AxisSpan {
  const from = axis.at(run.streamId, run.firstEvent, run.startedAt);
  if (run.endedAt === undefined) return { from, to: Math.max(from, axis.openEnd(run.streamId, now)) };
  const to =
    axis.mode === 'time'
      ? axis.at(run.streamId, run.lastEvent, run.endedAt)
      : axis.at(run.streamId, run.lastEvent + 1, run.endedAt);
  return { from, to: Math.max(from, to) };
}

/** A placeholder's request from start to end (one slot on the sequence axis). */
export function placeholderSpan(axis: LaneAxis, lane: PlaceholderLane, now: number): AxisSpan {
  const from = axis.at(lane.id, 0, lane.startedAt);
  const to = axis.mode === 'time' ? axis.at(lane.id, 0, lane.endedAt ?? now) : axis.openEnd(lane.id, now);
  return { from, to: Math.max(from, to) };
}

/** The smallest range holding every shown run and placeholder; undefined when none. */
export function shownExtent(
  axis: LaneAxis,
  runs: readonly RunModel[],
  placeholders: readonly PlaceholderLane[],
  now: number,
): AxisSpan | undefined {
  let from = Infinity;
  let to = -Infinity;
  for (const r of runs) {
    const s = runSpan(axis, r, now);
    from = Math.min(from, s.from);
    to = Math.max(to, s.to);
  }
  for (const p of placeholders) {
    const s = placeholderSpan(axis, p, now);
    from = Math.min(from, s.from);
    to = Math.max(to, s.to);
  }
  return Number.isFinite(from) ? { from, to } : undefined;
}

/** Every run's and placeholder's span: what is busy on the axis (idle gaps are the rest). */
export function busySpans(
  axis: LaneAxis,
  runs: readonly RunModel[],
  placeholders: readonly PlaceholderLane[],
  now: number,
): AxisSpan[] {
  const out: AxisSpan[] = [];
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i];
    if (r) out.push(runSpan(axis, r, now));
  }
  for (const p of placeholders) out.push(placeholderSpan(axis, p, now));
  return out;
}
