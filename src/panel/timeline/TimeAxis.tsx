import { GAP_SHOWN_MS, type CollapsedAxis } from '../derive/axis-gaps.js';
import { formatMs } from '../derive/format.js';
import type { AxisMode, LiveSection } from '../derive/lane-axis.js';
import type { TimelineViewport } from '../store/timeline-view-store.js';

const STEPS = [
  0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 30_000, 60_000,
  300_000, 600_000, 3_600_000,
];
const MAX_TICKS = 60;
/** A gap mark this wide says how long the gap was; narrower ones only in their tooltip. */
const GAP_LABEL_PX = 56;
/** Room a tick's label takes to the right of its mark. */
const TICK_LABEL_PX = 40;

function tickLabel(t: number, step: number): string {
  if (t === 0) return '0';
  if (t < 1000 && step < 1000) return `${Number(t.toFixed(step < 1 ? 2 : 0))} ms`;
  const decimals = step >= 1000 ? 0 : step >= 100 ? 1 : step >= 10 ? 2 : 3;
  return `${(t / 1000).toFixed(decimals)} s`;
}

/**
 * A mixed axis (a file's event-ordered lanes, then live or replayed runs by time): event
 * numbers up to the live part, then time since the first live stream started. Idle gaps
 * are not collapsed here: the live part is already timed from its own start.
 */
function mixedTicks(viewport: TimelineViewport, width: number, step: number, live: LiveSection) {
  const want = viewport.msPerPx * 100;
  const x = (pos: number): number => (pos - viewport.start) / viewport.msPerPx;
  const ticks = [];
  // The event-number part ends a slot before the live part (which labels its own start).
  for (
    let t = Math.ceil(viewport.start / step) * step;
    x(t) < width && t < live.at - 1 && ticks.length < MAX_TICKS;
    t += step
  ) {
    ticks.push(
      <span key={t} class="tl-tick" style={{ left: `${x(t)}px` }}>
        {`#${t}`}
      </span>,
    );
  }
  const stepMs = STEPS.find((s) => s >= want * live.msPerUnit) ?? STEPS[STEPS.length - 1] ?? 1000;
  const fromMs = Math.max(0, (viewport.start - live.at) * live.msPerUnit);
  for (let ms = Math.ceil(fromMs / stepMs) * stepMs; ticks.length < 2 * MAX_TICKS; ms += stepMs) {
    const px = x(live.at + ms / live.msPerUnit);
    if (px >= width) break;
    ticks.push(
      <span key={`live${ms}`} class={`tl-tick${ms === 0 ? ' tl-tick-live' : ''}`} style={{ left: `${px}px` }}>
        {ms === 0 ? 'live 0' : `+${tickLabel(ms, stepMs)}`}
      </span>,
    );
  }
  return ticks;
}

/**
 * Tick marks every ~100 px at a round step: times, or event numbers on the sequence axis.
 * With idle gaps collapsed, ticks keep real times (round within each busy stretch) and each
 * gap is marked where it sits, with how long it lasted. A mixed axis: see mixedTicks.
 */
export function TimeAxis({
  viewport,
  width,
  mode = 'time',
  gaps,
  live,
}: {
  readonly viewport: TimelineViewport;
  readonly width: number;
  readonly mode?: AxisMode;
  readonly gaps?: CollapsedAxis | undefined;
  /** A mixed axis: from here on, live runs by time since the first live stream started. */
  readonly live?: LiveSection | undefined;
}) {
  const want = viewport.msPerPx * 100;
  const steps = mode === 'sequence' ? STEPS.filter((s) => s >= 1) : STEPS;
  const step = steps.find((s) => s >= want) ?? steps[steps.length - 1] ?? 1000;
  if (live) {
    return (
      <div class="tl-track" aria-hidden="true">
        {mixedTicks(viewport, width, step, live)}
      </div>
    );
  }
  const x = (pos: number): number => (pos - viewport.start) / viewport.msPerPx;
  const viewEnd = viewport.start + width * viewport.msPerPx;
  const ticks = [];
  // Busy stretches on the shown axis, [from, to) in axis positions; one when nothing collapsed.
  const stretches: [number, number][] = [];
  let from = viewport.start;
  for (const g of gaps?.gaps ?? []) {
    if (g.at + GAP_SHOWN_MS <= viewport.start) continue;
    if (g.at >= viewEnd) break;
    if (g.at > from) stretches.push([from, g.at]);
    from = g.at + GAP_SHOWN_MS;
  }
  if (from < viewEnd) stretches.push([from, viewEnd]);
  // Labelled gap marks own their stretch of the axis: no tick label runs into them.
  const labelled = (gaps?.gaps ?? [])
    .map((g) => [x(g.at), x(g.at + GAP_SHOWN_MS)] as const)
    .filter(([l, r]) => r - l >= GAP_LABEL_PX);
  const clear = (px: number): boolean => labelled.every(([l, r]) => px + TICK_LABEL_PX <= l || px >= r + 2);
  for (const [a, b] of stretches) {
    const real = gaps ? gaps.real : (p: number) => p;
    const place = gaps ? gaps.place : (t: number) => t;
    for (let t = Math.ceil(real(a) / step) * step; place(t) < b && ticks.length < MAX_TICKS; t += step) {
      if (!clear(x(place(t)))) continue;
      ticks.push(
        <span key={t} class="tl-tick" style={{ left: `${x(place(t))}px` }}>
          {mode === 'sequence' ? `#${t}` : tickLabel(t, step)}
        </span>,
      );
    }
  }
  const marks = (gaps?.gaps ?? [])
    .filter((g) => g.at + GAP_SHOWN_MS > viewport.start && g.at < viewEnd)
    .map((g) => {
      const px = Math.max(3, GAP_SHOWN_MS / viewport.msPerPx);
      const idle = `${formatMs(g.realTo - g.realFrom)} idle`;
      return (
        <span
          key={`g${g.at}`}
          class="tl-gap"
          title={`${idle} (collapsed)`}
          style={{ left: `${x(g.at)}px`, width: `${px}px` }}
        >
          {px >= GAP_LABEL_PX ? idle : ''}
        </span>
      );
    });
  return (
    <div class="tl-track" aria-hidden="true">
      {marks}
      {ticks}
    </div>
  );
}
