// Which tick labels and break labels the time axis shows (not the mixed file + live axis:
// TimeAxis.mixedTicks). Ticks fall every ~100 px at a round step. With idle gaps collapsed
// the busy stretches between breaks are often narrower than one step (runs 30 s apart, a
// second or two each, in a 500 px panel), so a round step alone left only "0": a stretch
// that starts after a break, or that no round tick falls in, is labelled at its start with
// its real time, and each break says how long it was where there is room. Labels are
// measured in the font they are drawn in and never overlap: stretch starts first, then
// break labels, then round ticks.
import { GAP_SHOWN_MS, type CollapsedAxis } from './axis-gaps.js';
import type { AxisMode } from './lane-axis.js';
import { formatMs } from './format.js';
import type { TimelineViewport } from '../store/timeline-view-store.js';

export const STEPS = [
  0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 30_000, 60_000,
  300_000, 600_000, 3_600_000,
];
export const MAX_TICKS = 60;
/** Room between two labels, and before a tick's label (its 1 px mark, 2 px `.tl-tick` padding). */
const SPACE_PX = 3;
const TICK_PAD_PX = 3;
/** A stretch's start label stands at most this far right of where the stretch begins. */
const START_SNAP_PX = 8;

export interface AxisTick {
  readonly px: number;
  readonly label: string;
}

export interface AxisBreak {
  readonly px: number;
  readonly width: number;
  /** How long the break was ('' when no label fits); `inside`: within the mark. */
  readonly label: string;
  /** Where the label starts on the track (px), when it is not inside the mark. */
  readonly labelPx: number;
  readonly inside: boolean;
  readonly title: string;
}

/** A round step for ticks about 100 px apart. */
export function tickStep(msPerPx: number, mode: AxisMode): number {
  const steps = mode === 'sequence' ? STEPS.filter((s) => s >= 1) : STEPS;
  return steps.find((s) => s >= msPerPx * 100) ?? steps[steps.length - 1] ?? 1000;
}

export function tickLabel(t: number, step: number): string {
  if (t === 0) return '0';
  if (t < 1000 && step < 1000) return `${Number(t.toFixed(step < 1 ? 2 : 0))} ms`;
  const decimals = step >= 1000 ? 0 : step >= 100 ? 1 : step >= 10 ? 2 : 3;
  return `${(t / 1000).toFixed(decimals)} s`;
}

/** A time as short as it is exact: "0", "450 ms", "64 s", "32.1 s". */
export function exactLabel(t: number): string {
  if (t === 0) return '0';
  if (t < 1000) return `${Number(t.toFixed(2))} ms`;
  return `${Number((t / 1000).toFixed(3))} s`;
}

/** A duration in two or three characters of number: "450 ms", "1.5 s", "29 s", "4 min". */
export function shortDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 9950) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 59_500) return `${Math.round(ms / 1000)} s`;
  if (ms < 3_570_000) return `${Math.round(ms / 60_000)} min`;
  return `${Number((ms / 3_600_000).toFixed(1))} h`;
}

/** Boxes [left, right) in px taken by labels already placed. */
class Room {
  private readonly taken: [number, number][] = [];
  constructor(private readonly width: number) {}
  /** Takes [l, r) when it is inside the track and clear of every label placed. */
  take(l: number, r: number, clipOk = false): boolean {
    if (l < 0 || (!clipOk && r > this.width) || l >= this.width) return false;
    if (this.taken.some(([a, b]) => l < b + SPACE_PX && r + SPACE_PX > a)) return false;
    this.taken.push([l, r]);
    return true;
  }
  /** Takes [l, r) whatever is there (a break mark under its own label). */
  block(l: number, r: number): void {
    this.taken.push([l, r]);
  }
}

/**
 * Ticks and break marks for `width` px of the axis in `viewport`. `measure` gives the width
 * of a label in px in the axis's font.
 */
export function axisTicks(
  viewport: TimelineViewport,
  width: number,
  mode: AxisMode,
  gaps: CollapsedAxis | undefined,
  measure: (text: string) => number,
): { readonly ticks: AxisTick[]; readonly breaks: AxisBreak[] } {
  const step = tickStep(viewport.msPerPx, mode);
  const x = (pos: number): number => (pos - viewport.start) / viewport.msPerPx;
  const viewEnd = viewport.start + width * viewport.msPerPx;
  const room = new Room(width);
  const shown = (gaps?.gaps ?? []).filter((g) => g.at + GAP_SHOWN_MS > viewport.start && g.at < viewEnd);

  // Busy stretches on the shown axis, [from, to) in axis positions, and whether a break
  // precedes them; one stretch when nothing is collapsed.
  const stretches: { from: number; to: number; afterBreak: boolean }[] = [];
  let from = viewport.start;
  let afterBreak = false;
  for (const g of shown) {
    if (g.at > from) stretches.push({ from, to: g.at, afterBreak });
    from = g.at + GAP_SHOWN_MS;
    afterBreak = true;
  }
  if (from < viewEnd) stretches.push({ from, to: viewEnd, afterBreak });

  const real = gaps ? gaps.real : (p: number) => p;
  const place = gaps ? gaps.place : (t: number) => t;
  const ticks: AxisTick[] = [];
  const put = (t: number, label: string, clipOk: boolean): void => {
    const px = x(place(t));
    if (ticks.length < MAX_TICKS && room.take(px, px + TICK_PAD_PX + measure(label), clipOk)) ticks.push({ px, label });
  };
  const text = (t: number): string => (mode === 'sequence' ? `#${t}` : tickLabel(t, step));
  const round = stretches.map((s) => {
    const list: number[] = [];
    for (let t = Math.ceil(real(s.from) / step) * step; place(t) < s.to && list.length < MAX_TICKS; t += step)
      list.push(t);
    return list;
  });
  // First, where each stretch after a break (or without a round tick) begins: its real time
  // at the roundest step that stands within a few px of it, no finer than the round ticks
  // or 0.1 s, and written as short as it is exact ("64 s", "32.1 s").
  const finest = Math.max(mode === 'sequence' ? 1 : 0, Math.min(step, 100));
  stretches.forEach((s, i) => {
    const first = round[i]?.[0];
    const startPx = x(s.from);
    if (!s.afterBreak && first !== undefined) return;
    if (first !== undefined && x(place(first)) - startPx <= START_SNAP_PX) {
      put(first, text(first), false);
      return;
    }
    for (let k = STEPS.length - 1; k >= 0; k--) {
      const fine = STEPS[k] ?? 1;
      if (fine < finest) break;
      const t = Math.ceil(real(s.from) / fine - 1e-9) * fine;
      if (x(place(t)) - startPx > START_SNAP_PX && fine > finest) continue;
      if (place(t) < s.to) put(t, mode === 'sequence' ? `#${t}` : exactLabel(t), false);
      break;
    }
  });

  // Then how long each break was: the whole "29.4 s idle" inside its mark when that fits,
  // else "29 s idle" over it (ending at its right edge, else centred, else from its left
  // edge); never a bare "29 s", which would read as a time on the axis.
  const breaks = shown.map((g): AxisBreak => {
    const left = x(g.at);
    const w = Math.max(3, GAP_SHOWN_MS / viewport.msPerPx);
    const idle = g.realTo - g.realFrom;
    const title = `${formatMs(idle)} idle (collapsed)`;
    const long = `${formatMs(idle)} idle`;
    const mark = { px: left, width: w, title };
    if (measure(long) + 4 <= w && room.take(left, left + w))
      return { ...mark, label: long, labelPx: left, inside: true };
    const short = `${shortDuration(idle)} idle`;
    const lw = measure(short) + 4;
    for (const l of [left + w - SPACE_PX - lw, left + (w - lw) / 2, left + SPACE_PX])
      if (room.take(l, l + lw)) return { ...mark, label: short, labelPx: l, inside: false };
    return { ...mark, label: '', labelPx: left, inside: false };
  });

  // Last, round ticks wherever they run into no label and no break.
  for (const b of breaks) room.block(b.px, b.px + b.width);
  stretches.forEach((_, i) => {
    for (const t of round[i] ?? []) put(t, text(t), true);
  });
  ticks.sort((a, b) => a.px - b.px);
  return { ticks, breaks };
}
