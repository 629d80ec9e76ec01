// Where things sit on the timeline's horizontal axis. Time mode: ms from the session start.
// Sequence mode: event order, for files whose events carry no per-event timing (a HAR keeps
// a body as one piece, so every event of a stream has the same time and lanes collapse to
// dots). In sequence mode each stream (or body-less placeholder) gets a slot as wide as its
// event count, slots laid out in request order with a one-event gap between them.
// A mixed session (an imported HAR plus live or replayed runs) keeps the file's streams on
// the sequence slots and times the others after them, from the first live stream's start
// (LIVE_MS_PER_UNIT ms per axis unit): no tick reads "631710 s" because a file was old.
import type { SessionModel } from '../../core/model/types.js';

export type AxisMode = 'time' | 'sequence';
export type AxisChoice = AxisMode | 'auto';

/** A slot on the axis that is not a stream of the model (an imported request without body). */
export interface AxisSlot {
  readonly id: string;
  readonly startedAt: number;
}

/** Where the timed part of a mixed sequence axis starts, and its scale. */
export interface LiveSection {
  /** Axis position of the first live stream's start. */
  readonly at: number;
  /** ms since epoch at that position. */
  readonly t0: number;
  readonly msPerUnit: number;
}

/** On a mixed axis, one axis unit of the live part is this many ms (a 3 s run ≈ a 300-event file). */
export const LIVE_MS_PER_UNIT = 10;

export interface LaneAxis {
  readonly mode: AxisMode;
  /** Sequence mode beside live runs: where the timed part starts (absent otherwise). */
  readonly live?: LiveSection;
  /** Whether this stream is placed by time (every stream in time mode, live ones on a mixed axis). */
  timed(streamId: string): boolean;
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

/** A stream from a file with no per-event timing (a HAR: `transport: 'import'`). */
const fromFile = (transport: string): boolean => transport === 'import';

/**
 * True when an imported HAR's streams sit beside streams that were not in it (live or
 * replayed runs): the sequence axis then times the latter after the file's slots.
 */
export function mixesLiveWithFile(model: SessionModel): boolean {
  let file = false;
  let live = false;
  for (let i = 0; i < model.streams.length && !(file && live); i++) {
    const s = model.streams[i];
    if (!s) continue;
    if (fromFile(s.info.transport)) file = true;
    else live = true;
  }
  return file && live;
}

/** hasEventTiming of the file's streams alone (what the automatic axis choice follows in a mixed session). */
export function fileHasEventTiming(model: SessionModel): boolean {
  if (!mixesLiveWithFile(model)) return hasEventTiming(model);
  return hasEventTiming({ ...model, streams: model.streams.filter((s) => fromFile(s.info.transport)) });
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
      timed: () => true,
      at: (_s, _e, t) => t - t0,
      openEnd: (_s, now) => now - t0,
      end: sessionEnd - t0,
    };
  }
  const mixed = mixesLiveWithFile(model);
  const liveIds = new Set<string>();
  let liveT0 = Infinity;
  const slots: { id: string; startedAt: number; length: number }[] = [];
  for (let i = 0; i < model.streams.length; i++) {
    const s = model.streams[i];
    if (!s) continue;
    if (mixed && !fromFile(s.info.transport)) {
      liveIds.add(s.info.streamId);
      liveT0 = Math.min(liveT0, s.info.startedAt);
    } else slots.push({ id: s.info.streamId, startedAt: s.info.startedAt, length: s.rawEvents.length });
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
  const seqEnd = Math.max(0, pos - 1);
  if (liveIds.size === 0) {
    return {
      mode,
      timed: () => false,
      at: (streamId, event) => (offsets.get(streamId) ?? 0) + event,
      openEnd: (streamId) => (offsets.get(streamId) ?? 0) + Math.max(lengths.get(streamId) ?? 0, 1),
      end: seqEnd,
    };
  }
  // The live part starts one slot gap after the file's last slot.
  const live: LiveSection = { at: pos, t0: liveT0, msPerUnit: LIVE_MS_PER_UNIT };
  const atTime = (t: number): number => live.at + Math.max(0, t - live.t0) / live.msPerUnit;
  return {
    mode,
    live,
    timed: (streamId) => liveIds.has(streamId),
    at: (streamId, event, t) => (liveIds.has(streamId) ? atTime(t) : (offsets.get(streamId) ?? 0) + event),
    openEnd: (streamId, now) =>
      liveIds.has(streamId) ? atTime(now) : (offsets.get(streamId) ?? 0) + Math.max(lengths.get(streamId) ?? 0, 1),
    end: Math.max(seqEnd, atTime(sessionEnd)),
  };
}
