// The timeline's viewport: which slice of time is visible and how densely. Times are ms
// relative to the session start. `follow` keeps a live run scrolling in until the user
// pans or zooms away from the end.
import { signal, type Signal } from '@preact/signals';

export interface TimelineViewport {
  /** ms from session start at the left edge. */
  readonly start: number;
  readonly msPerPx: number;
  readonly follow: boolean;
}

export interface TimelineViewStore {
  readonly viewport: Signal<TimelineViewport>;
  /** Width of the track area in px (measured by the view). */
  readonly width: Signal<number>;
  zoom(factor: number, anchorMs?: number): void;
  pan(px: number): void;
  /** Fit [0, duration] into the width. */
  fit(duration: number): void;
  /** While following, keep `end` visible. */
  reveal(end: number): void;
}

const MIN_MS_PER_PX = 0.001;
const MAX_MS_PER_PX = 60_000;
/** Densest the followed view gets (≈ 3 min across 900 px) before it scrolls instead. */
const FOLLOW_MAX_MS_PER_PX = 200;

/** The smallest power of 1.25 (from 1 µs/px) at or above `v`. */
function quantizeScale(v: number): number {
  const steps = Math.ceil(Math.log(Math.max(v, MIN_MS_PER_PX) / MIN_MS_PER_PX) / Math.log(1.25) - 1e-9);
  return Math.min(MAX_MS_PER_PX, MIN_MS_PER_PX * 1.25 ** steps);
}

export function createTimelineViewStore(): TimelineViewStore {
  const viewport = signal<TimelineViewport>({ start: 0, msPerPx: 1, follow: true });
  const width = signal(600);
  const clampScale = (v: number): number => Math.min(MAX_MS_PER_PX, Math.max(MIN_MS_PER_PX, v));
  return {
    viewport,
    width,
    zoom(factor, anchorMs) {
      const v = viewport.value;
      const anchor = anchorMs ?? v.start + (width.value * v.msPerPx) / 2;
      const msPerPx = clampScale(v.msPerPx * factor);
      const start = Math.max(0, anchor - (anchor - v.start) * (msPerPx / v.msPerPx));
      viewport.value = { start, msPerPx, follow: false };
    },
    pan(px) {
      const v = viewport.value;
      viewport.value = { ...v, start: Math.max(0, v.start + px * v.msPerPx), follow: false };
    },
    fit(duration) {
      const msPerPx = clampScale(Math.max(duration, 1) / Math.max(width.value - 16, 50));
      viewport.value = { start: 0, msPerPx, follow: true };
    },
    reveal(end) {
      const v = viewport.value;
      if (!v.follow) return;
      // While following: fit the whole session until that gets too dense to read, then
      // keep that density and scroll so the live end stays in view. Both move in steps
      // (scale by powers of 1.25, scroll by a quarter view) so a live stream repaints the
      // lanes a few times a second, not every frame.
      const usable = Math.max(width.value * 0.95, 50);
      const fitScale = quantizeScale(Math.max(end, 1) / usable);
      if (fitScale <= FOLLOW_MAX_MS_PER_PX) {
        if (v.start !== 0 || v.msPerPx !== fitScale) viewport.value = { start: 0, msPerPx: fitScale, follow: true };
        return;
      }
      const msPerPx = FOLLOW_MAX_MS_PER_PX;
      const visible = width.value * msPerPx;
      if (v.msPerPx === msPerPx && end <= v.start + visible * 0.95 && end >= v.start) return;
      const start = Math.max(0, end - visible * 0.7);
      if (v.start !== start || v.msPerPx !== msPerPx) viewport.value = { start, msPerPx, follow: true };
    },
  };
}
