// Where things sit on the timeline's horizontal axis. Time mode: ms from the session start.
// Sequence mode: event order, for files whose events carry no per-event timing (a HAR keeps
// a body as one piece, so every event of a stream has the same time and lanes collapse to
// dots). In sequence mode each stream (or body-less placeholder) gets a slot as wide as its
// event count, slots laid out in request order with a one-event gap between them.
import type { SessionModel } from '../../core/model/types.js';

export type AxisMode = 'time' | 'sequence';
export type AxisChoice = AxisMode | 'auto';

/** A slot on the axis that is not a stream of the model (an imported request without body). */
export interface AxisSlot {
  readonly id: string;
  readonly startedAt: number;
}

export interface LaneAxis {
  readonly mode: AxisMode;
  /** Position of an event: its time (time mode) or its wire index in its stream's slot. */
  at(streamId: string, event: number, t: number): number;
  /** Where a stream's open end is: `now` (time mode) or just past its last event. */
  openEnd(streamId: string, now: number): number;
  /** The far end of everything on the axis. */
  readonly end: number;
}

/**
 * True when the session's events carry time: some stream's events span more than 0 ms.
 * A session with no stream of two or more events counts as timed (nothing to order).
 * O(streams): only each stream's first and last event are read.
 */
export function hasEventTiming(model: SessionModel): boolean {
  let multi = false;
  for (let i = 0; i < model.streams.length; i++) {
    const s = model.streams[i];
    if (!s || s.rawEvents.length < 2) continue;
    multi = true;
    const first = s.rawEvents.at(0)?.t;
    const last = s.rawEvents.at(-1)?.t;
    if (first !== undefined && last !== undefined && last > first) return true;
  }
  return !multi;
}

export function resolveAxisMode(choice: AxisChoice, timed: boolean): AxisMode {
  return choice === 'auto' ? (timed ? 'time' : 'sequence') : choice;
}

export function createLaneAxis(
  model: SessionModel,
  mode: AxisMode,
  t0: number,
  sessionEnd: number,
  extra: readonly AxisSlot[] = [],
): LaneAxis {
  if (mode === 'time') {
    return {
      mode,
      at: (_s, _e, t) => t - t0,
      openEnd: (_s, now) => now - t0,
      end: sessionEnd - t0,
    };
  }
  const slots: { id: string; startedAt: number; length: number }[] = [];
  for (let i = 0; i < model.streams.length; i++) {
    const s = model.streams[i];
    if (s) slots.push({ id: s.info.streamId, startedAt: s.info.startedAt, length: s.rawEvents.length });
  }
  for (const x of extra) slots.push({ id: x.id, startedAt: x.startedAt, length: 0 });
  // Request order; a stable sort keeps arrival order for equal start times.
  slots.sort((a, b) => a.startedAt - b.startedAt);
  const offsets = new Map<string, number>();
  const lengths = new Map<string, number>();
  let pos = 0;
  for (const s of slots) {
    offsets.set(s.id, pos);
    lengths.set(s.id, s.length);
    pos += Math.max(s.length, 1) + 1;
  }
  const end = Math.max(0, pos - 1);
  return {
    mode,
    at: (streamId, event) => (offsets.get(streamId) ?? 0) + event,
    openEnd: (streamId) => (offsets.get(streamId) ?? 0) + Math.max(lengths.get(streamId) ?? 0, 1),
    end,
  };
}
