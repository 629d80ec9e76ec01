// The panel (built extension, real Chromium) on runs whose fault is in time: a body left open
// after RUN_FINISHED reads as pending with its open tail and keep-alive ticks, buffered and
// stalled runs carry their findings, and the run detail shows the timing figures — at 1280
// and at 500 px, as DevTools is docked beside a page.
import { expect, test } from './fixtures.js';

const post = (path: string, runId: string): string =>
  `void fetch('${path}', { method: 'POST', headers: { accept: 'text/event-stream' }, body: JSON.stringify({ threadId: 'timing', runId: '${runId}', messages: [] }) }).then((r) => r.text())`;

test('pending, buffered and stalled runs in the panel, with their timing', async ({ page, server, openPanelTab }) => {
  test.setTimeout(60_000);
  await page.goto(`${server.url}/pages/blank.html`);
  const panel = await openPanelTab(page);
  await expect(panel.getByRole('status', { name: 'Capture health' })).toContainText('connected');
  // The user's own thresholds, from the settings menu: a body open 2 s after the end and a
  // stall after 5 s are findings (the defaults are 5 and 30 s).
  await panel.getByRole('button', { name: 'Settings' }).click();
  const settings = panel.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Body open after the run ended: finding after').selectOption('2');
  await settings.getByLabel('Run without events: stall after').selectOption('5');
  await panel.keyboard.press('Escape');
  await expect(panel.getByRole('dialog', { name: 'Settings' })).toBeHidden();
  // Not awaited: the open body stays open 60 s, the stall lasts 6 s (past the 5 s chosen).
  for (const [path, runId] of [
    ['/timing/open-after-finished?open=60000', 'open-after'],
    ['/timing/buffered?silence=3000', 'buffered'],
    ['/timing/stalled?stall=6000', 'stalled'],
    ['/timing/truncated', 'truncated'],
  ] as const)
    await page.evaluate(post(path, runId));

  const lanes = panel.getByRole('listbox', { name: 'Timeline lanes' });
  const openRun = lanes.getByRole('option', { name: /open-after/ }).first();
  await expect(openRun).toContainText(/finished, body still open \d/, { timeout: 20_000 });
  await expect(panel.getByRole('img', { name: /Body still open after the run ended/ })).toBeVisible();
  const findings = panel.getByRole('tab', { name: /Findings \(\d+\)/ });
  await findings.click();
  const list = panel.getByRole('tabpanel', { name: /Findings/ });
  await expect(list).toContainText('timing/open-after-terminal', { timeout: 20_000 });
  await expect(list).toContainText('timing/buffered');
  await expect(list).toContainText('a proxy or compression is buffering the stream');
  await expect(list).toContainText('timing/stall', { timeout: 20_000 });
  await expect(list).toContainText(/No event for [5-9](\.\d)? s (so far )?inside the open run/);

  await panel.getByRole('tab', { name: /Timeline/ }).click();
  await openRun.click();
  const detail = panel.getByRole('complementary', { name: 'Details' });
  const timing = detail.getByRole('definition').filter({ hasText: /\d+ ms|\d+(\.\d+)? s/ });
  await expect(detail.getByLabel('Run timing')).toContainText('to first event');
  // The tap notes when the page sent the request: the time to the response head is shown.
  await expect(detail.getByLabel('Run timing')).toContainText('to headers');
  await expect(detail.getByLabel('Run timing')).toContainText('keep-alives');
  expect(await timing.count()).toBeGreaterThan(2);
  await panel.setViewportSize({ width: 1280, height: 800 });
  await panel.screenshot({ path: '/tmp/we-panel-timing-1280.png' });
  await panel.setViewportSize({ width: 500, height: 800 });
  // Docked narrow, the run's detail covers the lanes: Back returns to them.
  await detail.getByRole('button', { name: 'Back' }).click();
  await expect(openRun).toContainText(/body still open/);
  await panel.screenshot({ path: '/tmp/we-panel-timing-500.png' });
});
