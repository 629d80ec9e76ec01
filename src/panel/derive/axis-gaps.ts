// Idle gaps on the time axis: runs 30 s apart each became a sliver, the axis mostly empty.
// collapseGaps wraps a time axis so every idle stretch longer than MIN_GAP_MS between busy
// spans (runs, body-less requests) takes GAP_SHOWN_MS; the gaps are listed so the axis can
// mark them and ticks can be labelled in real time. O(spans log spans) to build, O(log gaps)
// per position.
import type { LaneAxis } from './lane-axis.js';
import type { AxisSpan } from './lane-extent.js';

/** Idle stretches shorter than this stay as they are. */
export const MIN_GAP_MS = 2000;
/** What a collapsed gap keeps of the axis. */
export const GAP_SHOWN_MS = 500;

export interface AxisGap {
  /** Where the gap starts on the collapsed axis (its real start is `realFrom`). */
  readonly at: number;
  readonly realFrom: number;
  readonly realTo: number;
}

export interface CollapsedAxis extends LaneAxis {
  readonly gaps: readonly AxisGap[];
  /** A collapsed position back in real axis time (ms from the session start). */
  real(x: number): number;
  /** A real axis time on the collapsed axis. */
  place(t: number): number;
}

/** The busy spans merged, in order. */
function merge(spans: readonly AxisSpan[]): AxisSpan[] {
  const sorted = spans.filter((s) => Number.isFinite(s.from) && Number.isFinite(s.to)).sort((a, b) => a.from - b.from);
  const out: { from: number; to: number }[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.from <= last.to) last.to = Math.max(last.to, s.to);
    else out.push({ from: s.from, to: s.to });
  }
  return out;
}

/** Idle stretches longer than `minGap` between the busy spans, in axis order. */
export function idleGaps(spans: readonly AxisSpan[], minGap = MIN_GAP_MS): { from: number; to: number }[] {
  const merged = merge(spans);
  const gaps: { from: number; to: number }[] = [];
  for (let i = 1; i < merged.length; i++) {
    const prev = merged[i - 1];
    const next = merged[i];
    if (prev && next && next.from - prev.to > minGap) gaps.push({ from: prev.to, to: next.from });
  }
  return gaps;
}

/** The time axis with its idle gaps collapsed; the axis itself when there is none. */
export function collapseGaps(inner: LaneAxis, spans: readonly AxisSpan[]): LaneAxis | CollapsedAxis {
  if (inner.mode !== 'time') return inner;
  const real = idleGaps(spans);
  if (real.length === 0) return inner;
  // removed[i]: axis time taken out by the gaps before gap i.
  const removed: number[] = [];
  let cut = 0;
  const gaps: AxisGap[] = real.map((g) => {
    removed.push(cut);
    const gap = { at: g.from - cut, realFrom: g.from, realTo: g.to };
    cut += g.to - g.from - GAP_SHOWN_MS;
    return gap;
  });
  /** Index of the last gap starting at or before real time t, or -1. */
  const gapBefore = (t: number): number => {
    let lo = 0;
    let hi = real.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((real[mid]?.from ?? Infinity) <= t) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
  const place = (t: number): number => {
    const i = gapBefore(t);
    const g = real[i];
    if (i < 0 || !g) return t;
    const before = removed[i] ?? 0;
    if (t >= g.to) return t - before - (g.to - g.from - GAP_SHOWN_MS);
    // Inside the gap: compressed linearly, so an event in it still has a place.
    return g.from - before + ((t - g.from) / (g.to - g.from)) * GAP_SHOWN_MS;
  };
  const back = (x: number): number => {
    let t = x;
    for (let i = 0; i < gaps.length; i++) {
      const g = gaps[i];
      if (!g) break;
      if (x < g.at) break;
      const span = g.realTo - g.realFrom;
      if (x < g.at + GAP_SHOWN_MS) return g.realFrom + ((x - g.at) / GAP_SHOWN_MS) * span;
      t = x + (removed[i] ?? 0) + span - GAP_SHOWN_MS;
    }
    return t;
  };
  return {
    mode: 'time',
    timed: (s) => inner.timed(s),
    at: (s, e, t) => place(inner.at(s, e, t)),
    openEnd: (s, now) => place(inner.openEnd(s, now)),
    end: place(inner.end),
    gaps,
    real: back,
    place,
  };
}

export const isCollapsed = (axis: LaneAxis): axis is CollapsedAxis => 'gaps' in axis;
