import { describe, expect, it } from 'vitest';
import { createTimelineViewStore } from './timeline-view-store.js';

describe('timeline viewport', () => {
  it('follows a growing session in steps, then scrolls once too dense', () => {
    const v = createTimelineViewStore();
    v.width.value = 1000;
    v.reveal(1000);
    const first = v.viewport.value;
    expect(first.start).toBe(0);
    expect(first.msPerPx * 950).toBeGreaterThanOrEqual(1000);
    v.reveal(1001);
    expect(v.viewport.value).toBe(first); // no change for a small growth: no repaint
    v.reveal(10 * 60_000);
    expect(v.viewport.value.start).toBeGreaterThan(0);
    expect(v.viewport.value.start + 1000 * v.viewport.value.msPerPx).toBeGreaterThanOrEqual(10 * 60_000);
  });

  it('zoom and pan stop following; fit resumes', () => {
    const v = createTimelineViewStore();
    v.width.value = 500;
    v.fit(5000);
    const scale = v.viewport.value.msPerPx;
    v.zoom(0.5, 2500);
    expect(v.viewport.value.msPerPx).toBeCloseTo(scale / 2);
    expect(v.viewport.value.follow).toBe(false);
    v.reveal(100_000);
    expect(v.viewport.value.msPerPx).toBeCloseTo(scale / 2);
    v.pan(100);
    expect(v.viewport.value.start).toBeGreaterThan(0);
    v.fit(5000);
    expect(v.viewport.value).toMatchObject({ start: 0, follow: true });
  });
});
