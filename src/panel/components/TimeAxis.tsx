import type { AxisMode, LiveSection } from '../derive/lane-axis.js';
import type { TimelineViewport } from '../store/timeline-view-store.js';

const STEPS = [
  0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 30_000, 60_000,
  300_000, 600_000, 3_600_000,
];

function tickLabel(t: number, step: number): string {
  if (t === 0) return '0';
  if (t < 1000 && step < 1000) return `${Number(t.toFixed(step < 1 ? 2 : 0))} ms`;
  const decimals = step >= 1000 ? 0 : step >= 100 ? 1 : step >= 10 ? 2 : 3;
  return `${(t / 1000).toFixed(decimals)} s`;
}

/** Tick marks every ~100 px at a round step: times, or event numbers on the sequence axis. */
export function TimeAxis({
  viewport,
  width,
  mode = 'time',
  live,
}: {
  readonly viewport: TimelineViewport;
  readonly width: number;
  readonly mode?: AxisMode;
  /** A mixed axis: from here on, live runs by time since the first live stream started. */
  readonly live?: LiveSection;
}) {
  const want = viewport.msPerPx * 100;
  const steps = mode === 'sequence' ? STEPS.filter((s) => s >= 1) : STEPS;
  const step = steps.find((s) => s >= want) ?? steps[steps.length - 1] ?? 1000;
  const first = Math.ceil(viewport.start / step) * step;
  const x = (pos: number): number => (pos - viewport.start) / viewport.msPerPx;
  // The event-number part ends a slot before the live part (which labels its own start).
  const seqEnd = live ? live.at - 1 : Infinity;
  const ticks = [];
  for (let t = first; x(t) < width && t < seqEnd && ticks.length < 60; t += step) {
    ticks.push(
      <span key={t} class="tl-tick" style={{ left: `${x(t)}px` }}>
        {mode === 'sequence' ? `#${t}` : tickLabel(t, step)}
      </span>,
    );
  }
  if (live) {
    const stepMs = STEPS.find((s) => s >= want * live.msPerUnit) ?? STEPS[STEPS.length - 1] ?? 1000;
    const fromMs = Math.max(0, (viewport.start - live.at) * live.msPerUnit);
    for (let ms = Math.ceil(fromMs / stepMs) * stepMs; ticks.length < 120; ms += stepMs) {
      const px = x(live.at + ms / live.msPerUnit);
      if (px >= width) break;
      ticks.push(
        <span key={`live${ms}`} class={`tl-tick${ms === 0 ? ' tl-tick-live' : ''}`} style={{ left: `${px}px` }}>
          {ms === 0 ? 'live 0' : `+${tickLabel(ms, stepMs)}`}
        </span>,
      );
    }
  }
  return (
    <div class="tl-track" aria-hidden="true">
      {ticks}
    </div>
  );
}
