// Harness tier: a session shaped like real traffic (UUID thread, run and call ids, parallel
// calls whose ids differ only at the end, runs 30 s apart), at 500 px and at 1280 px. What a
// developer sees first must tell things apart: lane and run labels, findings, event columns.
import type { Page } from '@playwright/test';
import { test, expect } from './harness-fixtures.js';
import { SEARCH_CALL, SHOWCASE_RUNS, WEATHER_CALLS } from '../harness/panel/showcase.js';

/** Every label of the timeline: its visible text and whether CSS cut anything in it. */
const labels = (page: Page) =>
  page.locator('.tl-label').evaluateAll((els) =>
    els.map((el) => ({
      text: el.textContent ?? '',
      clipped: [el, ...Array.from(el.children)].some((e) => e.scrollWidth > e.clientWidth + 0.5),
    })),
  );

/** Run captions with a finding marker over one of their characters (their text). */
function coveredCaptions(page: import('@playwright/test').Page): Promise<string[]> {
  return page.locator('.run-row').evaluateAll((rows) =>
    rows.flatMap((row) => {
      const caption = row.querySelector('.run-caption')?.getBoundingClientRect();
      if (!caption) return [];
      return Array.from(row.querySelectorAll('.marker.finding'))
        .map((m) => m.getBoundingClientRect())
        .filter((m) => m.right - 1 > caption.left && m.left + 1 < caption.right)
        .map(() => row.querySelector('.run-caption')?.textContent ?? '');
    }),
  );
}

test('500 px: three parallel calls read apart, no label cut by CSS, runs named by number and time', async ({
  harness,
}) => {
  const { page } = harness;
  await page.setViewportSize({ width: 500, height: 760 });
  await harness.open({ demo: 'showcase' });
  const lanes = page.getByRole('listbox', { name: 'Timeline lanes' });
  const weather = lanes.getByRole('option', {
    name: new RegExp(`Tool call get_weather ${WEATHER_CALLS[0].slice(0, 8)}`),
  });
  await expect(weather).toHaveCount(3);
  const texts = await weather.locator('.tl-label').allTextContents();
  expect(new Set(texts).size).toBe(3);
  // The part that differs is the end of the id: each lane shows its own.
  texts.forEach((t, i) => expect(t).toContain(WEATHER_CALLS[i]?.slice(-2)));
  for (const l of await labels(page)) expect(l, `label "${l.text}" is cut by CSS`).toMatchObject({ clipped: false });
  // Run headers: "#1 · time", never the run's UUID first; the whole ids in the tooltip.
  const first = lanes.getByRole('option', { name: new RegExp(`^Run ${SHOWCASE_RUNS[0]}`) });
  await expect(first.locator('.tl-label')).toHaveText(/^#1\s*\d\d:\d\d:\d\d/);
  await expect(first.locator('.tl-label')).toHaveAttribute('title', new RegExp(SHOWCASE_RUNS[0]));
  // The run selector names runs the same way.
  await expect(page.getByRole('combobox', { name: 'Run' }).getByRole('option', { name: /^#4 · / })).toHaveCount(1);
  // Even this narrow, no finding marker sits over a run's caption: a shorter form, or a later gap.
  expect(await coveredCaptions(page), 'captions with a finding marker over them').toEqual([]);
  await expect(page.locator('.run-caption').first()).toHaveText(/^#1\b/);
  // The frontend call's tool name reads whole beside its badge.
  const confirm = lanes.getByRole('option', { name: /^Tool call confirm_booking .*, frontend$/ });
  await expect(confirm.locator('.tl-name')).toHaveText('confirm_booking');
  await expect(confirm.locator('.badge')).toHaveAttribute('title', /frontend/);
  // Idle gaps collapsed: the axis still reads where each run begins, not only "0".
  const axis = page.locator('.tl-head');
  await expect(axis.locator('.tl-tick').first()).toHaveText('0');
  const ticks = await axis.locator('.tl-tick').allTextContents();
  for (const start of [32, 64, 96])
    expect(
      ticks.some((t) => t.startsWith(`${start}.`) || t === `${start} s`),
      `a tick at ${start} s in ${ticks.join(', ')}`,
    ).toBe(true);
  await expect(axis.locator('.tl-gap-label').first()).toHaveText(/^\d+ s idle$/);
  const boxes = await axis
    .locator('.tl-tick, .tl-gap-label')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.left, r.right] as const));
  boxes.sort((a, b) => a[0] - b[0]);
  boxes.slice(1).forEach((b, i) => expect(b[0], 'axis labels overlap').toBeGreaterThanOrEqual(boxes[i]?.[1] ?? 0));
});

test('1280 px: findings one row each with their run; events in named columns', async ({ harness }) => {
  const { page } = harness;
  await harness.open({ demo: 'showcase' });
  for (const l of await labels(page)) expect(l, `label "${l.text}" is cut by CSS`).toMatchObject({ clipped: false });
  expect(await coveredCaptions(page), 'captions with a finding marker over them').toEqual([]);
  await page.getByRole('tab', { name: /^Findings/ }).click();
  const findings = page.getByRole('listbox', { name: 'Findings' });
  const reopen = findings.getByRole('option', { name: /tool-call\/reopen-name-mismatch/ });
  await expect(reopen).toHaveCount(1);
  // One row: run number and the call by the end of its id.
  await expect(reopen).toHaveAccessibleName(new RegExp(`\\(run #1 · call \\S*${SEARCH_CALL.slice(-4)}`));
  const box = await reopen.boundingBox();
  // Its message may wrap to a second line (issue 46: findings are never cut to one line).
  expect(box?.height ?? 99).toBeLessThan(60);

  await page.getByRole('tab', { name: /^Events/ }).click();
  const columns = page.getByRole('group', { name: 'Event columns' });
  await expect(columns).toHaveText(/#\s*time\s*type\s*run\s*call \/ message\s*summary/);
  await expect(columns.getByRole('separator', { name: 'Resize type column' })).toBeVisible();
  await expect(columns.getByRole('separator', { name: 'Resize id column' })).toBeVisible();
  const events = page.getByRole('listbox', { name: 'Events' });
  // The parallel calls' argument rows differ in their id column, by the end of the id.
  const args = events.getByRole('option').filter({ hasText: 'TOOL_CALL_ARGS' });
  await expect(args.first()).toBeVisible();
  const ids = await args.locator('.ev-id').evaluateAll((els) => els.slice(0, 3).map((e) => e.textContent));
  expect(new Set(ids).size).toBe(3);
  // A visible row where each stream begins (numbering restarts at #0 there).
  await expect(
    events.getByRole('option', { name: /^#0 .*RUN_STARTED #1 stream begins: POST https:\/\/app/ }),
  ).toBeVisible();
});
