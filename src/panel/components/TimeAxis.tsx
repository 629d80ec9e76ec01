import type { AxisMode } from '../derive/lane-axis.js';
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
}: {
  readonly viewport: TimelineViewport;
  readonly width: number;
  readonly mode?: AxisMode;
}) {
  const want = viewport.msPerPx * 100;
  const steps = mode === 'sequence' ? STEPS.filter((s) => s >= 1) : STEPS;
  const step = steps.find((s) => s >= want) ?? steps[steps.length - 1] ?? 1000;
  const first = Math.ceil(viewport.start / step) * step;
  const ticks = [];
  for (let t = first; (t - viewport.start) / viewport.msPerPx < width && ticks.length < 60; t += step) {
    ticks.push(
      <span key={t} class="tl-tick" style={{ left: `${(t - viewport.start) / viewport.msPerPx}px` }}>
        {mode === 'sequence' ? `#${t}` : tickLabel(t, step)}
      </span>,
    );
  }
  return (
    <div class="tl-track" aria-hidden="true">
      {ticks}
    </div>
  );
}
