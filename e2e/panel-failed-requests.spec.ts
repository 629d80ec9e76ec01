// Extension tier: run requests that got no AG-UI answer (issue 41) show in the pop-out
// panel as failed runs with their finding, at a wide and a narrow width; the detail shows
// the answer's start as text. Screenshots go to /tmp for a person to look at.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { closedPort } from '../harness/pages/failure-routes-transport.js';
import { FAILURES, pageRun } from './failed-requests-shared.js';

async function runAll(page: Page, server: string): Promise<void> {
  const refused = await closedPort();
  for (const [i, failure] of FAILURES.entries()) await pageRun(page, failure.url(server, refused), `run-${i + 1}`);
}

for (const width of [1280, 500]) {
  test(`pop-out panel at ${width} px: each failed run request is a failed run with its finding`, async ({
    page,
    server,
    openPanelTab,
  }) => {
    await page.goto(`${server.url}/pages/blank.html`);
    const panel = await openPanelTab(page);
    await panel.setViewportSize({ width, height: 800 });
    await expect(panel.getByRole('status', { name: 'Capture health' })).toContainText('connected');
    await runAll(page, server.url);
    const lanes = panel.getByRole('listbox', { name: 'Timeline lanes' });
    for (const [i] of FAILURES.entries()) {
      await expect(lanes.getByRole('option', { name: new RegExp(`Run run-${i + 1}\\b`) })).toBeVisible();
    }
    await expect(panel.locator('.bar.run.failed')).toHaveCount(FAILURES.length);
    await expect(panel.getByRole('status', { name: 'Capture health' })).toContainText(
      `${FAILURES.length} failed requests`,
    );
    await panel.screenshot({ path: `/tmp/agui-failed-runs-${width}.png` });
    // The detail of the HTML 500: status, content type and the page reduced to its text.
    // On the run's number: the row's middle may hold a finding marker, which opens the finding.
    await lanes
      .getByRole('option', { name: /Run run-2\b/ })
      .locator('.run-num')
      .click();
    const details = panel.getByRole('complementary', { name: 'Details' });
    await expect(details.getByText('fetch · none · text/html; charset=utf-8')).toBeVisible();
    await expect(details.getByLabel('Body start')).toHaveText(
      "Internal Server Error The agent crashed: KeyError 'messages'",
    );
    await panel.screenshot({ path: `/tmp/agui-failed-run-detail-${width}.png` });
    // Every failure has its finding, by rule id, in the Findings view.
    await panel.getByRole('tab', { name: /Findings/ }).click();
    for (const failure of FAILURES) await expect(panel.getByText(failure.rule).first()).toBeVisible();
    // Three requests answered 503, 500 and 401: one group of three in the list (narrow, the
    // run's pane gave way to the Findings list when its tab was picked).
    await expect(panel.getByRole('tabpanel', { name: /Findings/ })).toContainText('transport/http-status (3)');
    await panel.screenshot({ path: `/tmp/agui-failed-findings-${width}.png` });
  });
}

test('XHR and EventSource run requests that fail are failed runs with their finding', async ({
  page,
  server,
  openPanelTab,
}) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const panel = await openPanelTab(page);
  await expect(panel.getByRole('status', { name: 'Capture health' })).toContainText('connected');
  const refused = await closedPort();
  // What the page saw: the XHR's status and text, the EventSource's readyState after its error.
  const seen = await page.evaluate(
    async ([base, port]) => {
      const xhr = (url: string) =>
        new Promise<string>((resolve) => {
          const x = new XMLHttpRequest();
          x.open('POST', url);
          x.setRequestHeader('content-type', 'application/json');
          x.setRequestHeader('accept', 'text/event-stream');
          x.onloadend = () => resolve(`${x.status} ${x.responseText.slice(0, 26)}`);
          x.send(JSON.stringify({ threadId: 'thread-x', runId: 'xhr-run', messages: [], tools: [] }));
        });
      const source = (url: string) =>
        new Promise<string>((resolve) => {
          const es = new EventSource(url);
          es.onerror = () => {
            const state = es.readyState;
            es.close();
            resolve(`readyState ${state}`);
          };
        });
      return [
        await xhr(`${base}/fail/503`),
        await xhr(`http://127.0.0.1:${port}/agent`),
        await source(`${base}/fail/503`),
        await source(`http://127.0.0.1:${port}/events`),
      ];
    },
    [server.url, refused] as const,
  );
  expect(seen).toEqual(['503 upstream agent unavailable', '0 ', 'readyState 2', 'readyState 0']);
  await expect(panel.locator('.bar.run.failed')).toHaveCount(4);
  await expect(panel.getByRole('status', { name: 'Capture health' })).toContainText('4 failed requests');
  await panel.getByRole('tab', { name: /Findings/ }).click();
  const list = panel.getByRole('tabpanel', { name: /Findings/ });
  // One group per rule, with its count.
  await expect(list).toContainText('transport/http-status (1)');
  await expect(list).toContainText('transport/network-error (3)');
  await expect(list).toContainText('the XMLHttpRequest failed');
  await expect(list).toContainText('HTTP 503');
  await expect(list).toContainText('the EventSource failed to connect and closed');
  await expect(list).toContainText('it keeps retrying');
  await panel.screenshot({ path: '/tmp/agui-failed-xhr-eventsource.png' });
});
