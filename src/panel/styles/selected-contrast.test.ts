// A selected lane stays readable in both DevTools themes: WCAG 2 contrast of its text
// (≥ 4.5:1) and of its bars (≥ 3:1, non-text graphics) against the lane's background,
// unfocused and focused, read from the stylesheet the panel ships.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./timeline.css', import.meta.url), 'utf8');

function varsOf(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const body = css.slice(start, css.indexOf('}', start));
  return new Map([...body.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1] ?? '', m[2] ?? '']));
}

function luminance(hex: string): number {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = c.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

const light = varsOf('.agui-root');
const dark = new Map([...light, ...varsOf('.agui-root.theme-dark')]);

describe.each([
  ['light', light],
  ['dark', dark],
])('selected lane contrast, %s theme', (_name, v) => {
  const get = (k: string): string => {
    const value = v.get(k);
    if (!value) throw new Error(`missing ${k}`);
    return value;
  };
  it.each([
    ['--lane-sel-bg', '--lane-sel-text', 4.5],
    ['--lane-sel-bg', '--lane-sel-dim', 4.5],
    ['--lane-sel-bg', '--lane-sel-bar', 3],
    ['--lane-sel-focus-bg', '--lane-sel-focus-text', 4.5],
    ['--lane-sel-focus-bg', '--lane-sel-focus-bar', 3],
  ])('%s against %s ≥ %s:1', (bg, fg, min) => {
    expect(contrast(get(bg), get(fg))).toBeGreaterThanOrEqual(min);
  });

  it('the check itself tells black on white from grey on grey', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrast('#777777', '#888888')).toBeLessThan(1.5);
  });
});
