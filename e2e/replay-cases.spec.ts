// The Replay section in real Chromium with the built extension, beyond recordings: a case
// of the client conformance catalogue played into the demo app's real HttpAgent (agent
// stopped), and an arm for another path that says which run request went to the network
// and, with one click, answers that path too.
import type { Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { customerHar } from '../harness/customer-har.js';
import { expect, test } from './fixtures.js';

let demo: DemoServer | undefined;
test.afterEach(async () => {
  await demo?.close().catch(() => undefined);
  demo = undefined;
});

async function runScenario(page: Page, name: string): Promise<void> {
  await page.selectOption('#scenario', name);
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', /^(done|error)$/, { timeout: 30_000 });
}

async function openReplay(panel: Page): Promise<void> {
  const details = panel.locator('details.replay-setup');
  if ((await details.getAttribute('open')) === null) await panel.getByText('Replay', { exact: true }).click();
}

async function armCase(panel: Page, id: string, goodClient: RegExp): Promise<void> {
  await openReplay(panel);
  await panel.getByRole('radio', { name: 'A conformance case…' }).check();
  const picker = panel.getByRole('combobox', { name: 'Conformance case' });
  await picker.selectOption(id);
  await expect(panel.getByRole('group', { name: 'About this case' })).toContainText(goodClient);
  await expect(panel.getByRole('status', { name: 'What will be replayed' })).toContainText(
    `Will replay conformance case ${id}`,
  );
  await panel.getByRole('button', { name: 'Replay into page' }).click();
  await expect(panel.getByRole('region', { name: 'Armed replay' })).toContainText(/Armed: .*\(0 of 1 taken\)/);
}

test('a conformance case picked in the panel reaches the demo app, agent stopped; so does an HTTP 500', async ({
  page,
  openPanelTab,
}) => {
  demo = await startDemoServer({ delayMs: 0 });
  await page.goto(demo.url);
  const panel = await openPanelTab(page);
  await demo.close();
  await armCase(panel, 'official/1.1/conformant-run-is-quiet', /Accepts the stream/);
  await runScenario(page, 'backend-tool');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done');
  await expect(page.locator('#chat')).toContainText('Hello, world.');
  const bar = panel.getByRole('region', { name: 'Armed replay' });
  await expect(bar).toContainText('All 1 recorded run(s) replayed');
  await expect(panel.locator('.tl-label .badge.replayed').first()).toBeVisible();
  // A case that is not a stream plays as faithfully: the app's fetch gets the status and body.
  await bar.getByRole('button', { name: 'Done' }).click();
  await armCase(panel, 'frameworks/http-500', /Shows that the request failed/);
  await runScenario(page, 'backend-tool');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'error');
  await expect(page.getByRole('alert')).toContainText('500');
  await expect(bar).toContainText('All 1 recorded run(s) replayed');
});

test('an arm for the recorded path says which run request went to the network; "Answer … too" answers the next', async ({
  page,
  openPanelTab,
}) => {
  demo = await startDemoServer({ delayMs: 0 });
  const har = await customerHar(demo.url, 'https://customer.example/api/copilot/agent');
  await page.goto(demo.url);
  const panel = await openPanelTab(page);
  await openReplay(panel);
  await panel.getByLabel('Load a recording for replay').setInputFiles({
    name: 'customer.har',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(har)),
  });
  await expect(panel.getByRole('status', { name: 'What will be replayed' })).toContainText(
    '/api/copilot/agent on any origin',
  );
  await panel.getByRole('button', { name: 'Replay into page' }).click();
  const bar = panel.getByRole('region', { name: 'Armed replay' });
  await expect(bar).toContainText(/Armed: .*\(0 of 1 taken\)/);
  // The demo app posts to /agent: the arm lets it go to the (live) agent, and says so.
  const served = demo.requests.length;
  await runScenario(page, 'backend-tool');
  expect(demo.requests.length).toBe(served + 1);
  const missed = bar.getByRole('status', { name: 'Run request not answered' });
  await expect(missed).toHaveText(
    /^A run request to POST \/agent went to the network: it is not the recorded path \/api\/copilot\/agent\./,
  );
  await expect(bar).toContainText('(0 of 1 taken)');
  await missed.getByRole('button', { name: 'Answer /agent too' }).click();
  await expect(missed).toBeHidden();
  await expect(bar).toContainText('/api/copilot/agent or /agent on any origin');
  // The next run request to /agent is the recording's, with the agent stopped.
  await demo.close();
  await runScenario(page, 'backend-tool');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done');
  await expect(page.locator('#chat .msg.assistant').first()).toBeVisible();
  await expect(bar).toContainText('All 1 recorded run(s) replayed');
});
