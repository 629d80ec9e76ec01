// The timeline's viewport: which slice of the axis is visible and how densely. Positions
// are axis units: ms from the session start (time axis) or event ordinals (sequence axis).
// `follow` keeps the shown runs fitted (and a live run scrolling in) until the user pans
// or zooms away; "fit" and the run selector turn it back on.
import { signal, type Signal } from '@preact/signals';
import type { AxisChoice } from '../derive/lane-axis.js';

export interface TimelineViewport {
  /** Axis position at the left edge. */
  readonly start: number;
  /** Axis units per px (ms per px on the time axis; the name predates the sequence axis). */
  readonly msPerPx: number;
  readonly follow: boolean;
}

export interface TimelineViewStore {
  readonly viewport: Signal<TimelineViewport>;
  /** Width of the track area in px (measured by the view). */
  readonly width: Signal<number>;
  /** Time or sequence axis; auto = sequence when the events carry no timing. */
  readonly axis: Signal<AxisChoice>;
  /** Collapse idle gaps on the time axis; undefined = the default (on for live sessions). */
  readonly collapseGaps: Signal<boolean | undefined>;
  zoom(factor: number, anchor?: number): void;
  pan(px: number): void;
  /** Fit [from, to] into the width and follow it from now on. */
  fit(from: number, to: number): void;
  /** Show exactly [from, to] (a double-clicked run); stops following. */
  zoomTo(from: number, to: number): void;
  /** While following, keep [from, to] in view. */
  reveal(from: number, to: number): void;
  /** Back to the initial view (Clear, a new import). */
  reset(): void;
}

const MIN_MS_PER_PX = 0.001;
const MAX_MS_PER_PX = 60_000;
/** Densest the followed view gets (≈ 3 min across 900 px) before it scrolls instead. */
const FOLLOW_MAX_MS_PER_PX = 200;
/** px left free before the first and after the last thing fitted. */
const PAD = 8;

/** The smallest power of 1.25 (from 1 µs/px) at or above `v`. */
function quantizeScale(v: number): number {
  const steps = Math.ceil(Math.log(Math.max(v, MIN_MS_PER_PX) / MIN_MS_PER_PX) / Math.log(1.25) - 1e-9);
  return Math.min(MAX_MS_PER_PX, MIN_MS_PER_PX * 1.25 ** steps);
}

const INITIAL: TimelineViewport = { start: 0, msPerPx: 1, follow: true };

export function createTimelineViewStore(): TimelineViewStore {
  const viewport = signal<TimelineViewport>(INITIAL);
  const width = signal(600);
  const axis = signal<AxisChoice>('auto');
  const collapseGaps = signal<boolean | undefined>(undefined);
  const clampScale = (v: number): number => Math.min(MAX_MS_PER_PX, Math.max(MIN_MS_PER_PX, v));
  const fitted = (from: number, to: number, follow: boolean): TimelineViewport => {
    const usable = Math.max(width.value - 3 * PAD, 50);
    const msPerPx = clampScale(Math.max(to - from, 1) / usable);
    return { start: Math.max(0, from - PAD * msPerPx), msPerPx, follow };
  };
  return {
    viewport,
    width,
    axis,
    collapseGaps,
    zoom(factor, anchorAt) {
      const v = viewport.value;
      const anchor = anchorAt ?? v.start + (width.value * v.msPerPx) / 2;
      const msPerPx = clampScale(v.msPerPx * factor);
      const start = Math.max(0, anchor - (anchor - v.start) * (msPerPx / v.msPerPx));
      viewport.value = { start, msPerPx, follow: false };
    },
    pan(px) {
      const v = viewport.value;
      viewport.value = { ...v, start: Math.max(0, v.start + px * v.msPerPx), follow: false };
    },
    fit(from, to) {
      viewport.value = fitted(from, to, true);
    },
    zoomTo(from, to) {
      viewport.value = fitted(from, to, false);
    },
    reveal(from, to) {
      const v = viewport.value;
      if (!v.follow) return;
      // While following: fit the shown runs until that gets too dense to read, then keep
      // that density and scroll so the live end stays in view. Both move in steps (scale
      // by powers of 1.25, scroll by a quarter view) so a live stream repaints the lanes
      // a few times a second, not every frame.
      const usable = Math.max(width.value * 0.95 - PAD, 50);
      const fitScale = quantizeScale(Math.max(to - from, 1) / usable);
      if (fitScale <= FOLLOW_MAX_MS_PER_PX) {
        const start = Math.max(0, from - PAD * fitScale);
        if (v.start !== start || v.msPerPx !== fitScale) viewport.value = { start, msPerPx: fitScale, follow: true };
        return;
      }
      const msPerPx = FOLLOW_MAX_MS_PER_PX;
      const visible = width.value * msPerPx;
      if (v.msPerPx === msPerPx && to <= v.start + visible * 0.95 && to >= v.start) return;
      const start = Math.max(from, to - visible * 0.7);
      if (v.start !== start || v.msPerPx !== msPerPx) viewport.value = { start, msPerPx, follow: true };
    },
    reset() {
      viewport.value = INITIAL;
      axis.value = 'auto';
      collapseGaps.value = undefined;
    },
  };
}
