// Extension tier: the built panel's timeline on a HAR without per-event timing (sequence
// axis, placeholder lanes for streams without a body) and in a 500 px wide DevTools.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

interface HarEntry {
  startedDateTime: string;
  time: number;
  request: { method: string; url: string };
  response: { status: number; content: { text?: string } };
  _resourceType?: string;
  _error?: string;
}

/** The demo recording as Chrome saves a live session: no EventSource body, one request cut off. */
async function harWithGaps(): Promise<Buffer> {
  const har = JSON.parse(await readFile(new URL('../test/fixtures/demo/session.har', import.meta.url), 'utf8')) as {
    log: { entries: HarEntry[] };
  };
  const entries = har.log.entries.slice(0, 3);
  const es = har.log.entries.find((e) => e._resourceType === 'eventsource');
  if (!es) throw new Error('the demo HAR has no EventSource entry');
  entries.push({ ...es, response: { ...es.response, content: { ...es.response.content, text: '' } } });
  const last = entries[2];
  if (!last) throw new Error('short HAR');
  entries.push({
    ...last,
    startedDateTime: new Date(Date.parse(es.startedDateTime) + 1000).toISOString(),
    request: { ...last.request, url: `${last.request.url}?cut` },
    response: { ...last.response, status: 0, content: {} },
    _error: 'net::ERR_ABORTED',
  });
  return Buffer.from(JSON.stringify({ log: { ...har.log, entries } }));
}

test('HAR import: sequence axis with its note, placeholder lanes saying why', async ({ context, extensionId }) => {
  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${extensionId}/panel.html`);
  const chooser = panel.waitForEvent('filechooser');
  await panel.getByRole('button', { name: 'Import file' }).first().click();
  await (await chooser).setFiles({ name: 'support.har', mimeType: 'application/json', buffer: await harWithGaps() });
  const lanes = panel.getByRole('listbox', { name: 'Timeline lanes' });
  await expect(lanes).toBeVisible();
  await expect(panel.getByRole('note')).toContainText('Sequence axis: this file has no per-event timing');
  await expect(panel.getByRole('radio', { name: 'Sequence' })).toHaveAttribute('aria-checked', 'true');
  await expect(panel.locator('.tl-head .tl-tick').first()).toHaveText(/^#\d+$/);
  // Runs are sized in events, not "0.00 ms".
  await expect(lanes.locator('.run-caption').first()).toHaveText(/— \w[^,]*, \d+ events/);
  await expect(lanes.getByText(/0\.00 ms/)).toHaveCount(0);
  const es = lanes.getByRole('option', { name: /No run: GET .*\/events\?scenario=eventsource, EventSource stream/ });
  await expect(es).toBeVisible();
  await expect(es).toContainText('HAR files do not keep EventSource bodies');
  await expect(lanes.getByRole('option', { name: /No run: POST .*\?cut, cut off .*net::ERR_ABORTED/ })).toBeVisible();
  // A run lane is wider than a dot: the sequence axis spreads its calls out.
  const bar = lanes.locator('.row.lane:not(.run-row):not(.placeholder-row) .bar').first();
  expect((await bar.boundingBox())?.width ?? 0).toBeGreaterThan(4);
  // Tool names show whole in the default label column (ids give way first).
  const names = lanes.locator('.tl-name');
  expect(await names.count()).toBeGreaterThan(0);
  expect(await names.evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth).length)).toBe(0);
  // Back to the time axis on request: the note says why durations read 0.
  await panel.getByRole('radio', { name: 'Time' }).click();
  await expect(panel.getByRole('note')).toContainText('No per-event timing');
});

async function serveAgent(page: Page): Promise<void> {
  const body = await readFile(new URL('../test/fixtures/renamed-reopen.sse', import.meta.url));
  await page.route('**/agent-tools', (route) => route.fulfill({ status: 200, contentType: 'text/event-stream', body }));
}

test.describe('inside DevTools', () => {
  test.use({ devtools: true });

  test('500 px wide DevTools: the time track stays visible, the details cover it with a way back', async ({
    page,
    server,
    openDevtoolsPanel,
  }) => {
    await page.goto(`${server.url}/pages/blank.html`);
    await serveAgent(page);
    await page.evaluate(() =>
      fetch('/agent-tools', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"threadId":"thread-search","runId":"run-search-1","messages":[],"tools":[]}',
      }).then((r) => r.text()),
    );
    const panel = await openDevtoolsPanel(page);
    await panel.page().setViewportSize({ width: 500, height: 720 });
    await expect.poll(() => panel.evaluate(() => window.innerWidth)).toBeLessThanOrEqual(500);
    const lanes = panel.getByRole('listbox', { name: 'Timeline lanes' });
    const lane = lanes.getByRole('option', { name: /Tool call search_web call_search/ });
    // The lane's track keeps most of the width, with its bars on screen.
    const track = await lane.locator('.tl-track').boundingBox();
    const width = await panel.evaluate(() => window.innerWidth);
    expect(track?.width ?? 0).toBeGreaterThan(width * 0.4);
    expect(((track?.x ?? 0) + (track?.width ?? 0)) | 0).toBeLessThanOrEqual(width);
    await expect(lane.locator('.bar').first()).toBeVisible();
    await expect(panel.locator('.tl-head .tl-tick').first()).toBeVisible();
    // Docked this narrow, the call's detail covers the lanes (no splitter), arguments on top.
    await lane.click();
    const details = panel.getByRole('complementary', { name: 'Details' });
    await expect(details).toBeVisible();
    await expect(panel.getByRole('separator', { name: 'Resize details' })).toHaveCount(0);
    await expect(lanes).toBeHidden();
    expect((await details.getByRole('heading', { name: 'Arguments' }).boundingBox())?.y ?? Infinity).toBeLessThan(150);
    // The Events view shows whole type names at this width.
    await panel.getByRole('tab', { name: 'Events' }).click();
    const type = panel
      .getByRole('listbox', { name: 'Events' })
      .locator('.ev-type', { hasText: 'TOOL_CALL_START' })
      .first();
    expect(await type.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    // A tab picked this narrow shows its view: back on the timeline the lanes show, the call
    // still selected; opened again, the detail's Back returns to the lanes.
    await panel.getByRole('tab', { name: /^Timeline/ }).click();
    await expect(details).toHaveCount(0);
    await expect(lane).toHaveAttribute('aria-selected', 'true');
    await lane.click();
    await details.getByRole('button', { name: 'Back' }).click();
    await expect(details).toHaveCount(0);
    await expect(lanes).toBeVisible();
    await expect(lane).toHaveAttribute('aria-selected', 'true');
  });
});
