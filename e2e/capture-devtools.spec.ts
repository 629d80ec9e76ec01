// The real DevTools panel (docs/architecture.md, "Testing in real Chromium"): DevTools
// opens with the tab, the DevTools page connects at once (before the panel is shown),
// and the panel, once shown, has the streams captured before it existed, through the
// hand-off.
import { expect, test } from './fixtures.js';

test.use({ devtools: true });

test('the AG-UI panel in real DevTools shows streams captured before it was opened', async ({
  page,
  server,
  openDevtoolsPanel,
}) => {
  await page.goto(`${server.url}/pages/blank.html`);
  await page.evaluate(() =>
    fetch('/sse?events=25', { method: 'POST', body: '{"threadId":"t","runId":"r","messages":[]}' }).then((r) =>
      r.text(),
    ),
  );
  const panel = await openDevtoolsPanel(page);
  const health = panel.getByRole('status', { name: 'Capture health' });
  await expect(health).toContainText('1 stream');
  await expect(health).not.toContainText('disconnected');
  await page.evaluate(() => fetch('/sse?events=5').then((r) => r.text()));
  await expect(health).toContainText('2 streams');
});

test('nothing is lost while DevTools shows another panel: 25 MB across 12 runs, then the AG-UI panel', async ({
  page,
  server,
  devtoolsOf,
  openDevtoolsPanel,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${server.url}/pages/blank.html`);
  // DevTools opened with the tab, on Elements: our DevTools page is loaded, our panel is not.
  const devtools = await devtoolsOf(page);
  expect(devtools.frames().some((f) => f.url().includes('/panel.html'))).toBe(false);
  const RUNS = 12;
  // ~2.2 MB per run, 27 MB in all: far past the relay's own 16 MB buffer, which counts
  // bytes (and 20,000 messages: here ~1,700 chunks, as the server writes 16 KB at a time).
  // The bytes are what the hand-off must keep, so they come in 1,000 events of ~2.2 kB
  // rather than 29,000 of ~72 bytes: the same chunks, a 29th of the events to parse.
  const bytes = await page.evaluate(async (runs) => {
    let total = 0;
    for (let i = 1; i <= runs; i++) {
      const res = await fetch('/agent?events=1000&pad=2200', {
        method: 'POST',
        body: JSON.stringify({ threadId: 'late', runId: `run-${i}`, messages: [] }),
      });
      total += (await res.arrayBuffer()).byteLength;
    }
    return total;
  }, RUNS);
  expect(bytes).toBeGreaterThan(24 * 1024 * 1024);
  expect(devtools.frames().some((f) => f.url().includes('/panel.html'))).toBe(false);

  const panel = await openDevtoolsPanel(page);
  const health = panel.getByRole('status', { name: 'Capture health' });
  const runs = panel.getByRole('combobox', { name: 'Run' });
  await expect(runs.locator('option').first()).toHaveText(`All runs (${RUNS})`, { timeout: 90_000 });
  await expect(health).toContainText(`${RUNS} streams`);
  // Options read "#3 · 14:02:11 · thread late · run run-3 (success)": every run, each finished.
  // The hand-off arrives in batches, so the last run may read "(running)" until its end does.
  await expect
    .poll(
      async () =>
        (await runs.locator('option').allTextContents())
          .slice(1)
          .map((l) => /thread late · run (run-\d+) \(success\)$/.exec(l)?.[1] ?? l)
          .sort(),
      { timeout: 30_000 },
    )
    .toEqual(Array.from({ length: RUNS }, (_, i) => `run-${i + 1}`).sort());
  await expect(health).not.toContainText(/dropped|evicted|cut at cap|session cap/);
  expect(await health.getAttribute('title')).not.toMatch(/dropped|evicted|stopped/);
});
