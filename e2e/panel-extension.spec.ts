// Extension tier: the built panel with real capture (pop-out tab, recipe §4b) and inside
// real DevTools (§4a). The page fetches an AG-UI stream that Playwright serves.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

async function serveAgent(page: Page): Promise<void> {
  const body = await readFile(new URL('../test/fixtures/renamed-reopen.sse', import.meta.url));
  await page.route('**/agent-tools', (route) => route.fulfill({ status: 200, contentType: 'text/event-stream', body }));
}

async function runAgent(page: Page): Promise<void> {
  await page.evaluate(() =>
    fetch('/agent-tools', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"threadId":"thread-search","runId":"run-search-1","messages":[],"tools":[]}',
    }).then((r) => r.text()),
  );
}

test('pop-out panel: a live stream becomes a run with its reopened call and detail', async ({
  page,
  server,
  openPanelTab,
}) => {
  await page.goto(`${server.url}/pages/blank.html`);
  await serveAgent(page);
  const panel = await openPanelTab(page);
  await expect(panel.getByRole('status', { name: 'Capture health' })).toContainText('connected');
  await runAgent(page);
  const lane = panel
    .getByRole('listbox', { name: 'Timeline lanes' })
    .getByRole('option', { name: /Tool call search_web call_search/ });
  await expect(lane).toBeVisible();
  await lane.click();
  await expect(panel.getByRole('complementary', { name: 'Details' }).getByLabel('Result 1')).toContainText(
    'Refunds within 30 days.',
  );
  await expect(panel.getByRole('tab', { name: /Findings \(\d+\)/ })).toBeVisible();
});

test.describe('inside DevTools', () => {
  test.use({ devtools: true });

  test('the panel follows the DevTools theme and shows the run', async ({ page, server, openDevtoolsPanel }) => {
    await page.goto(`${server.url}/pages/blank.html`);
    await serveAgent(page);
    await runAgent(page);
    const panel = await openDevtoolsPanel(page);
    await expect(panel.locator('.agui-root')).toHaveAttribute('data-theme', /^(light|dark)$/);
    await expect(
      panel.getByRole('listbox', { name: 'Timeline lanes' }).getByRole('option', { name: /search_web/ }),
    ).toBeVisible();
  });
});
