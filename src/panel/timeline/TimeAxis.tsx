import type { CollapsedAxis } from '../derive/axis-gaps.js';
import { MAX_TICKS, STEPS, axisTicks, tickLabel, tickStep } from '../derive/axis-ticks.js';
import type { AxisMode, LiveSection } from '../derive/lane-axis.js';
import type { TimelineViewport } from '../store/timeline-view-store.js';

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
 * With idle gaps collapsed, ticks keep real times, each busy stretch is labelled where it
 * begins and each gap is marked where it sits, with how long it lasted (derive/axis-ticks).
 * A mixed axis: see mixedTicks.
 */
export function TimeAxis({
  viewport,
  width,
  mode = 'time',
  gaps,
  live,
  measure,
}: {
  readonly viewport: TimelineViewport;
  readonly width: number;
  readonly mode?: AxisMode;
  readonly gaps?: CollapsedAxis | undefined;
  /** A mixed axis: from here on, live runs by time since the first live stream started. */
  readonly live?: LiveSection | undefined;
  /** Width in px of a label in the axis's font. */
  readonly measure: (text: string) => number;
}) {
  if (live) {
    return (
      <div class="tl-track" aria-hidden="true">
        {mixedTicks(viewport, width, tickStep(viewport.msPerPx, mode), live)}
      </div>
    );
  }
  const { ticks, breaks } = axisTicks(viewport, width, mode, gaps, measure);
  return (
    <div class="tl-track" aria-hidden="true">
      {breaks.map((b) => (
        <span key={`g${b.px}`} class="tl-gap" title={b.title} style={{ left: `${b.px}px`, width: `${b.width}px` }}>
          {b.inside ? b.label : ''}
        </span>
      ))}
      {breaks.map(
        (b) =>
          b.label &&
          !b.inside && (
            <span key={`gl${b.px}`} class="tl-gap-label" title={b.title} style={{ left: `${b.labelPx}px` }}>
              {b.label}
            </span>
          ),
      )}
      {ticks.map((t) => (
        <span key={t.px} class="tl-tick" style={{ left: `${t.px}px` }}>
          {t.label}
        </span>
      ))}
    </div>
  );
}
