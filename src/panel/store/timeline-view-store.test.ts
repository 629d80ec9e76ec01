import { describe, expect, it } from 'vitest';
import { createTimelineViewStore } from './timeline-view-store.js';

const visibleRange = (v: ReturnType<typeof createTimelineViewStore>): [number, number] => {
  const vp = v.viewport.value;
  return [vp.start, vp.start + v.width.value * vp.msPerPx];
};

describe('timeline viewport', () => {
  it('follows a growing session in steps, then scrolls once too dense', () => {
    const v = createTimelineViewStore();
    v.width.value = 1000;
    v.reveal(0, 1000);
    const first = v.viewport.value;
    expect(first.start).toBe(0);
    expect(visibleRange(v)[1]).toBeGreaterThanOrEqual(1000);
    v.reveal(0, 1001);
    expect(v.viewport.value).toBe(first); // no change for a small growth: no repaint
    v.reveal(0, 10 * 60_000);
    expect(v.viewport.value.start).toBeGreaterThan(0);
    expect(visibleRange(v)[1]).toBeGreaterThanOrEqual(10 * 60_000);
  });

  it('zoom and pan stop following; fit resumes', () => {
    const v = createTimelineViewStore();
    v.width.value = 500;
    v.fit(0, 5000);
    const scale = v.viewport.value.msPerPx;
    v.zoom(0.5, 2500);
    expect(v.viewport.value.msPerPx).toBeCloseTo(scale / 2);
    expect(v.viewport.value.follow).toBe(false);
    v.reveal(0, 100_000);
    expect(v.viewport.value.msPerPx).toBeCloseTo(scale / 2);
    v.pan(100);
    expect(v.viewport.value.start).toBeGreaterThan(0);
    v.fit(0, 5000);
    expect(v.viewport.value).toMatchObject({ start: 0, follow: true });
  });

  it('fits the range it is given, not the whole session: a 300 ms run 60 s in fills the width', () => {
    const v = createTimelineViewStore();
    v.width.value = 800;
    v.fit(60_000, 60_300);
    const [from, to] = visibleRange(v);
    expect(from).toBeLessThanOrEqual(60_000);
    expect(from).toBeGreaterThan(59_900);
    expect(to).toBeGreaterThanOrEqual(60_300);
    // The run takes most of the track.
    expect(300 / v.viewport.value.msPerPx).toBeGreaterThan(800 * 0.9);
    // Following keeps that run fitted as it grows, never jumping back to 0.
    v.reveal(60_000, 60_400);
    expect(visibleRange(v)[0]).toBeGreaterThan(59_900);
    expect(visibleRange(v)[1]).toBeGreaterThanOrEqual(60_400);
  });

  it('zoomTo shows a range without following; reset goes back to the first view', () => {
    const v = createTimelineViewStore();
    v.width.value = 600;
    v.zoomTo(1000, 2000);
    expect(v.viewport.value.follow).toBe(false);
    expect(visibleRange(v)[0]).toBeLessThanOrEqual(1000);
    v.axis.value = 'sequence';
    v.reset();
    expect(v.viewport.value).toMatchObject({ start: 0, follow: true });
    expect(v.axis.value).toBe('auto');
    v.reveal(0, 100);
    expect(visibleRange(v)[1]).toBeGreaterThanOrEqual(100);
  });
});
