import { describe, expect, it } from 'vitest';
import { collapseGaps, isCollapsed, type CollapsedAxis } from './axis-gaps.js';
import { axisTicks, shortDuration } from './axis-ticks.js';
import { timeAxis } from './lane-axis.test-helper.js';

// Four runs about 30 s apart, 0.8–2.6 s each: the demo's long session, as in the README picture.
const RUNS = [
  { from: 0, to: 2640 },
  { from: 32_100, to: 33_200 },
  { from: 64_150, to: 64_930 },
  { from: 96_120, to: 97_590 },
];
/** 10 px labels of a sans-serif font, a little wider than the panel's own. */
const measure = (text: string): number => text.length * 6;

function collapsed(): CollapsedAxis {
  const axis = collapseGaps(timeAxis(97_590), RUNS);
  if (!isCollapsed(axis)) throw new Error('expected collapsed gaps');
  return axis;
}

/** The axis of a panel `panelPx` wide after Fit: 30 % label column, a few px of padding. */
function fitted(axis: CollapsedAxis, panelPx: number) {
  const track = panelPx - Math.min(220, Math.max(120, panelPx * 0.3));
  const msPerPx = axis.end / (track - 24);
  return { track, ...axisTicks({ start: 0, msPerPx, follow: true }, track, 'time', axis, measure) };
}

/** A tick label back in ms ("0", "450 ms", "32.2 s"). */
const ms = (label: string): number => (label.endsWith(' ms') ? parseFloat(label) : parseFloat(label) * 1000);

describe('ticks on a collapsed axis', () => {
  it('show several labelled ticks and at least one break at every panel width from 400 px', () => {
    const axis = collapsed();
    for (let panel = 400; panel <= 1400; panel += 25) {
      const { ticks, breaks, track } = fitted(axis, panel);
      expect(ticks.length, `${panel} px`).toBeGreaterThanOrEqual(3);
      expect(breaks.filter((b) => b.label !== '').length, `${panel} px`).toBeGreaterThanOrEqual(1);
      // Every label says a true time where it stands (within its rounding) and stays on the axis.
      for (const t of ticks) {
        const at = axis.place(ms(t.label));
        expect(Math.abs(at / (axis.end / (track - 24)) - t.px), `${t.label} at ${panel} px`).toBeLessThan(3);
        expect(t.px).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('label where runs after a break begin, in real time', () => {
    const { ticks } = fitted(collapsed(), 500);
    const times = ticks.map((t) => ms(t.label));
    // A label within half a second after each run's start (the axis keeps real times).
    for (const run of RUNS)
      expect(
        times.some((t) => t >= run.from && t - run.from < 500),
        `${run.from}`,
      ).toBe(true);
  });

  it('never draw two labels over each other, nor a break label over a tick', () => {
    const axis = collapsed();
    for (let panel = 400; panel <= 1400; panel += 25) {
      const { ticks, breaks } = fitted(axis, panel);
      const boxes = [
        ...ticks.map((t) => [t.px, t.px + 2 + measure(t.label)] as const),
        ...breaks
          .filter((b) => b.label)
          .map((b) =>
            b.inside ? ([b.px, b.px + b.width] as const) : ([b.labelPx, b.labelPx + measure(b.label)] as const),
          ),
      ].sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < boxes.length; i++)
        expect(boxes[i]?.[0] ?? 0, `${panel} px`).toBeGreaterThanOrEqual(boxes[i - 1]?.[1] ?? 0);
    }
  });

  it('say how long each break was, never as a bare time', () => {
    const { breaks } = fitted(collapsed(), 1200);
    expect(breaks).toHaveLength(3);
    for (const [i, b] of breaks.entries()) {
      const idle = (RUNS[i + 1]?.from ?? 0) - (RUNS[i]?.to ?? 0);
      expect(b.label).toMatch(/ idle$/);
      expect(Math.abs(parseFloat(b.label) * 1000 - idle)).toBeLessThan(1000);
      expect(b.title).toMatch(/^\d+(\.\d+)? s idle \(collapsed\)$/);
    }
  });

  it('leave an uncollapsed axis to round steps', () => {
    const { ticks, breaks } = axisTicks({ start: 0, msPerPx: 20, follow: true }, 500, 'time', undefined, measure);
    expect(breaks).toEqual([]);
    expect(ticks.map((t) => t.label)).toEqual(['0', '2 s', '4 s', '6 s', '8 s']);
  });
});

describe('short durations', () => {
  it('round to what a break label has room for', () => {
    expect(shortDuration(450)).toBe('450 ms');
    expect(shortDuration(1540)).toBe('1.5 s');
    expect(shortDuration(29_360)).toBe('29 s');
    expect(shortDuration(4 * 60_000 + 10_000)).toBe('4 min');
    expect(shortDuration(2 * 3_600_000)).toBe('2 h');
  });
});
