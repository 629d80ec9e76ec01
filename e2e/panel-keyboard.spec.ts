// Harness tier: the panel driven by keyboard only — every view, the detail pane, the
// filter, findings — with a visible focus ring on every stop and a role and name on
// every control; and the timeline's resizable, remembered label column.
import type { Page } from '@playwright/test';
import { test, expect } from './harness-fixtures.js';

type Sel = { __harness: { store: { selection: { finding: { value: unknown }; call: { value: unknown } } } } };

/** What has focus: its role, name and whether a 2px focus-ring outline is drawn. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'BODY', label: '', role: '', outline: '', width: 0 };
    const cs = getComputedStyle(el);
    return {
      tag: el.tagName,
      role: el.getAttribute('role') ?? '',
      label: el.getAttribute('aria-label') ?? el.id,
      outline: `${cs.outlineStyle} ${cs.outlineColor}`,
      width: parseFloat(cs.outlineWidth),
    };
  });

/** Tab (or Shift+Tab) until the focused element matches, checking the ring on every stop. */
async function tabTo(
  page: Page,
  match: (f: Awaited<ReturnType<typeof focused>>) => boolean,
  back = false,
): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    expect(f.tag, 'focus never falls to <body>').not.toBe('BODY');
    expect(f.outline, `focus ring on ${f.tag} ${f.role} ${f.label}`).toBe('solid rgb(26, 115, 232)');
    expect(f.width).toBeGreaterThanOrEqual(2);
    if (match(f)) return;
  }
  throw new Error('focus target not reached by Tab');
}

test('every view by keyboard only: lanes, detail, findings, events, filter, scrubber', async ({ harness }) => {
  const { page } = harness;
  await harness.open({ fixture: 'renamed-reopen.sse' });
  const detail = page.getByRole('complementary', { name: 'Details' });
  const lanes = page.getByRole('listbox', { name: 'Timeline lanes' });

  // Timeline: Tab in, j selects a lane, Enter opens the detail, Esc closes it and returns.
  await tabTo(page, (f) => f.label === 'Timeline lanes');
  await page.keyboard.press('j');
  await expect(lanes.getByRole('option', { selected: true })).toHaveAccessibleName(/Tool call/);
  await page.keyboard.press('Enter');
  await expect(detail).toBeFocused();
  // The scrubber: Tab to the slider, k steps back a delta, j forward again.
  await tabTo(page, (f) => f.label === 'Delta');
  const slider = detail.getByRole('slider', { name: 'Delta' });
  const last = await slider.inputValue();
  await page.keyboard.press('k');
  await expect(slider).toHaveValue(String(Number(last) - 1));
  await page.keyboard.press('j');
  await expect(slider).toHaveValue(last);
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await expect(lanes).toBeFocused();

  // `/` opens the filter from a list; Esc clears it and gives focus back to the list.
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Filter' })).toBeFocused();
  await page.keyboard.type('search');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('searchbox', { name: 'Filter' })).toHaveValue('');
  await expect(lanes).toBeFocused();

  // Findings: back to the tabs, → → to Findings, Tab into the list.
  await tabTo(page, (f) => f.role === 'tab', true);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /Findings/ })).toHaveAttribute('aria-selected', 'true');
  const findings = page.getByRole('listbox', { name: 'Findings' });
  await tabTo(page, (f) => f.label === 'Findings');
  await page.keyboard.press('j');
  const active = findings.getByRole('option', { selected: true });
  await expect(active).toHaveCount(1);
  await expect(findings).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id')) ?? '');
  // Walk to the reopen finding, whichever position it has.
  for (let i = 0; i < 20 && !/reopen-name-mismatch/.test((await active.getAttribute('aria-label')) ?? ''); i++)
    await page.keyboard.press('ArrowDown');
  await expect(active).toHaveAccessibleName(/reopen-name-mismatch/);
  await page.keyboard.press('Enter');
  await expect(detail).toBeFocused();
  await expect(detail.getByRole('heading').first()).toContainText('call_search');
  await page.keyboard.press('Escape');
  await expect(findings).toBeFocused();
  await page.keyboard.press('k');
  await page.keyboard.press('Home');
  await expect(findings.getByRole('option', { selected: true })).toHaveAttribute(
    'id',
    (await findings.getByRole('option').first().getAttribute('id')) ?? '',
  );

  // n from any list jumps to a finding and selects its call.
  await page.keyboard.press('n');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Sel).__harness.store.selection.finding.value))
    .not.toBeUndefined();

  // Events: Shift+Tab to the tabs, ← to Events, Tab past the options into the list.
  await tabTo(page, (f) => f.role === 'tab', true);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, (f) => f.label === 'Events');
  const events = page.getByRole('listbox', { name: 'Events' });
  await page.keyboard.press('Home');
  await expect(events.getByRole('option', { selected: true })).toContainText('#0');
  await page.keyboard.press('j');
  await expect(events.getByRole('option', { selected: true })).toContainText('#1');
  await page.keyboard.press('Enter');
  await expect(detail).toBeFocused();
  await expect(detail.getByLabel('Raw event bytes')).toContainText('data:');
  await page.keyboard.press('Escape');
  await expect(events).toBeFocused();
});

test('every focusable control has a role and an accessible name', async ({ harness }) => {
  const { page } = harness;
  await harness.open({ fixture: 'frontend-round-trip.har', select: 'call_confirm' });
  await expect(page.getByRole('complementary', { name: 'Details' })).toBeVisible();
  for (const view of ['Timeline', 'Events', 'Findings', 'State', 'Surface', 'Messages']) {
    await page.getByRole('tab', { name: new RegExp(view) }).click();
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: {
        ignored: boolean;
        role?: { value: string };
        name?: { value: string };
        properties?: { name: string; value: { value: unknown } }[];
      }[];
    };
    const focusable = nodes.filter(
      (n) => !n.ignored && n.properties?.some((p) => p.name === 'focusable' && p.value.value === true),
    );
    expect(focusable.length).toBeGreaterThan(10);
    const bad = focusable.filter(
      (n) => !n.name?.value.trim() || ['generic', 'none', 'GenericContainer'].includes(n.role?.value ?? 'none'),
    );
    expect(
      bad.map((n) => `${n.role?.value}:${n.name?.value}`),
      `${view}: unnamed or role-less controls`,
    ).toEqual([]);
    await cdp.detach();
  }
});

test('the lane label column is resized by dragging and by keys, remembered, and ids show whole in tooltips', async ({
  harness,
}) => {
  const { page } = harness;
  await harness.open();
  const runId = 'run-2026-12-02-very-long-identifier-0123456789-END';
  const threadId = 'thread-customer-support-0123456789abcdef-TAIL';
  await page.evaluate(
    ([run, thread]) => {
      (window as unknown as { __harness: { events(e: unknown[]): void } }).__harness.events([
        { type: 'RUN_STARTED', threadId: thread, runId: run },
        {
          type: 'TOOL_CALL_START',
          toolCallId: 'call_0123456789abcdefghijklmnopqrstuvwxyz_LAST',
          toolCallName: 'a_really_long_tool_name_for_fetching_customer_order_history',
        },
        { type: 'TOOL_CALL_END', toolCallId: 'call_0123456789abcdefghijklmnopqrstuvwxyz_LAST' },
        { type: 'RUN_FINISHED', threadId: thread, runId: run },
      ]);
    },
    [runId, threadId],
  );
  const lanes = page.getByRole('listbox', { name: 'Timeline lanes' });
  const runLabel = lanes.getByRole('option', { name: new RegExp(`^Run ${runId}`) }).locator('.tl-label');
  // Whole ids in the tooltip; the label shows the run's number first and never clips.
  await expect(runLabel).toHaveAttribute('title', new RegExp(`run '${runId}'\\nthread '${threadId}'`));
  await expect(runLabel).toHaveText(/^#1/);
  const clipped = () => runLabel.evaluate((e) => e.scrollWidth > e.clientWidth + 0.5);
  expect(await clipped()).toBe(false);
  const callLabel = lanes.getByRole('option', { name: /Tool call a_really_long/ }).locator('.tl-label');
  await expect(callLabel).toHaveAttribute(
    'title',
    /^a_really_long_tool_name_for_fetching_customer_order_history\nid call_0123456789abcdefghijklmnopqrstuvwxyz_LAST/,
  );

  const splitter = page.getByRole('separator', { name: 'Resize lane labels' });
  await expect(splitter).toHaveAttribute('aria-valuenow', '220');
  const before = (await runLabel.boundingBox())?.width ?? 0;
  const shownOfCall = async () => (await callLabel.textContent())?.length ?? 0;
  const shownBefore = await shownOfCall();
  const box = await splitter.boundingBox();
  if (!box) throw new Error('splitter not laid out');
  await page.mouse.move(box.x + box.width / 2, box.y + 10);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + 10, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2 + 200, box.y + 10, { steps: 4 });
  await page.mouse.up();
  await expect(splitter).toHaveAttribute('aria-valuenow', '420');
  expect(((await runLabel.boundingBox())?.width ?? 0) - before).toBeCloseTo(200, 0);
  // The room went to the long tool name and its id: more of them shows; the run label
  // (number, time, the distinguishing ends of thread and run) is whole and not clipped.
  expect(await shownOfCall()).toBeGreaterThan(shownBefore + 20);
  await expect(runLabel).toContainText(runId.slice(-4));
  expect(await clipped()).toBe(false);
  await splitter.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(splitter).toHaveAttribute('aria-valuenow', '410');
  await harness.open({}, true);
  await expect(page.locator('body[data-ready="1"]')).toHaveCount(1);
  await page.evaluate(() =>
    (window as unknown as { __harness: { events(e: unknown[]): void } }).__harness.events([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'n' },
    ]),
  );
  await expect(page.getByRole('separator', { name: 'Resize lane labels' })).toHaveAttribute('aria-valuenow', '410');
});
