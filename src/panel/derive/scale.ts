// Maps epoch ms to px in the timeline track for the current viewport.
import type { TimelineViewport } from '../store/timeline-view-store.js';

export interface TimeScale {
  readonly width: number;
  x(t: number): number;
  /** A [left, width] box for [from, to], clipped a little outside the track. */
  span(from: number, to: number): { readonly left: number; readonly width: number } | undefined;
}

export function createTimeScale(t0: number, viewport: TimelineViewport, width: number): TimeScale {
  const x = (t: number): number => (t - t0 - viewport.start) / viewport.msPerPx;
  return {
    width,
    x,
    span(from, to) {
      const a = Math.max(-4, x(from));
      const b = Math.min(width + 4, x(to));
      if (b < -4 || a > width + 4) return undefined;
      return { left: a, width: Math.max(2, b - a) };
    },
  };
}
