// The support engineer's loop in real Chromium with the built extension: a customer's HAR,
// recorded on another origin, imported with the toolbar's Import and replayed into the demo
// app with its agent stopped. The replayed run is recorded and shown (whatever the recording
// switch says), named after the file and run, and the armed bar tells the truth; Clear
// resets what will be replayed.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { expect, test } from './fixtures.js';
import { ARMED_UNTAKEN, armStep, liveRunThenPanel, openReplay, runDemo } from './replay-steps.js';

let demo: DemoServer | undefined;
test.afterEach(async () => {
  await demo?.close().catch(() => undefined);
  demo = undefined;
});

/** A HAR as a customer's browser would save it: one AG-UI run on their origin. */
async function customerHar(server: DemoServer, runId: string, scenario = 'backend-tool'): Promise<Buffer> {
  const input = {
    threadId: 'customer-thread',
    runId,
    messages: [{ id: 'u', role: 'user', content: 'x' }],
    tools: [],
    context: [],
    state: {},
    forwardedProps: { scenario },
  };
  const res = await fetch(`${server.url}/agent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(input),
  });
  // The demo agent echoes its own ids: make them the customer's, as their recording has.
  const sse = (await res.text()).replace(/"runId":"[^"]*"/g, `"runId":"${runId}"`);
  const har = {
    log: {
      version: '1.2',
      creator: { name: 'customer-browser', version: '1' },
      entries: [
        {
          startedDateTime: new Date().toISOString(),
          time: 10,
          request: {
            method: 'POST',
            url: 'https://customer.example/agent',
            headers: [{ name: 'Accept', value: 'text/event-stream' }],
            postData: { mimeType: 'application/json', text: JSON.stringify(input) },
          },
          response: {
            status: 200,
            headers: [{ name: 'Content-Type', value: 'text/event-stream' }],
            content: { size: sse.length, mimeType: 'text/event-stream', text: sse },
          },
        },
      ],
    },
  };
  return Buffer.from(JSON.stringify(har));
}

async function toolbarImport(panel: Page, name: string, buffer: Buffer): Promise<void> {
  await panel.getByTestId('import-input').setInputFiles({ name, mimeType: 'application/json', buffer });
  await expect(panel.getByRole('status').filter({ hasText: `Imported ${name}` })).toBeVisible();
}

test('a HAR imported with the toolbar replays into the app, the panel shows it, the ticket opens whole', async ({
  page,
  context,
  extensionId,
  openPanelTab,
}) => {
  demo = await startDemoServer({ delayMs: 0 });
  const har = await customerHar(demo, 'run-cust-1');
  await page.goto(demo.url);
  const panel = await openPanelTab(page);
  await demo.close(); // the agent is down: only the recording can answer
  await toolbarImport(panel, 'replay-source.har', har);
  await openReplay(panel);
  // What will be replayed, and where, is shown before arming.
  const plan = panel.getByRole('status', { name: 'What will be replayed' });
  await expect(plan).toContainText('replay-source.har · run-cust-1');
  await expect(plan).toContainText('/agent on any origin');
  await panel.getByRole('button', { name: 'Replay into page' }).click();
  const bar = panel.getByRole('region', { name: 'Armed replay' });
  await expect(bar).toContainText(ARMED_UNTAKEN); // the tap confirmed the arm
  await runDemo(page);
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done');
  await expect(page.locator('#chat .msg.assistant').first()).toBeVisible();
  // The armed bar follows the tab: taken, then disarmed.
  await expect(bar).toContainText('1 of 1 taken');
  await expect(bar).toContainText('disarmed');
  // The replayed run is recorded although Import turned live recording off, named by file and run.
  const badge = panel.locator('.tl-label .badge.replayed');
  await expect(badge).toHaveCount(1);
  await expect(badge).toHaveAttribute('title', /replay-source\.har · run-cust-1/);
  await expect(panel.getByText(/\d+ not recorded/)).toHaveCount(0);
  // The file keeps its event order; the replayed run is timed after it, from its own start.
  await expect(panel.locator('.tl-head .tl-tick', { hasText: /^live 0$/ })).toHaveCount(1);
  await expect(panel.getByRole('radio', { name: 'Sequence' })).toHaveAttribute('aria-checked', 'true');

  // With Replay unfolded and the armed bar showing, the timeline keeps room on screen.
  expect((await panel.locator('.timeline').boundingBox())?.height ?? 0).toBeGreaterThan(50);
  // The ticket: a bug report whose summary tells what was replayed, reopened in the viewer.
  await panel.getByRole('button', { name: 'Export and copy' }).click();
  await panel.getByRole('menuitem', { name: 'Export bug report…' }).click();
  const download = panel.waitForEvent('download');
  await panel
    .getByRole('dialog', { name: 'Export bug report' })
    .getByRole('button', { name: 'Export bug report' })
    .click();
  const file = await download;
  const text = await readFile(await file.path(), 'utf8');
  const viewer = await context.newPage();
  await viewer.goto(`chrome-extension://${extensionId}/panel.html`);
  const chooser = viewer.waitForEvent('filechooser');
  await viewer.getByRole('button', { name: 'Import file' }).first().click();
  await (
    await chooser
  ).setFiles({ name: file.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(text) });
  const summary = viewer.getByRole('region', { name: 'Bug report' }).getByLabel('Bug report summary');
  await expect(summary.getByRole('heading', { name: 'Replayed runs' })).toBeVisible();
  // A report is strictly redacted by default: the replayed file and run read as pseudonyms.
  await expect(summary).toContainText(/replayed from file-\d+ · run-\d+/);
  await expect(summary).not.toContainText('run-cust-1');
  // Strict names no host or endpoint either: both can name the customer.
  await expect(summary).toContainText(/recorded at https:\/\/host-\d+\/seg-\d+/);
  await expect(summary).not.toContainText('customer.example');
  // The page is the app's document, not the agent: its own host pseudonym, on the demo's port.
  await expect(summary).toContainText(new RegExp(`Page: http://host-\\d+:${new URL(demo?.url ?? '').port}/`));
  await expect(summary).not.toContainText('127.0.0.1');
  await expect(viewer.getByRole('img', { name: /Timeline picture/ })).toBeVisible();
});

test('import, Clear, import another: the new file is what replays', async ({ page, openPanelTab }) => {
  demo = await startDemoServer({ delayMs: 0 });
  const first = await customerHar(demo, 'run-first');
  const second = await customerHar(demo, 'run-second', 'backend-tool-fahrenheit');
  await page.goto(demo.url);
  const panel = await openPanelTab(page);
  await demo.close();
  await openReplay(panel);
  // The first file is loaded both ways a user might: for replay only, and with Import.
  await panel
    .getByLabel('Load a recording for replay')
    .setInputFiles({ name: 'first.har', mimeType: 'application/json', buffer: first });
  await expect(panel.getByRole('status', { name: 'What will be replayed' })).toContainText('first.har · run-first');
  await toolbarImport(panel, 'first.har', first);
  await panel.getByRole('button', { name: 'Clear' }).click();
  await expect(panel.getByRole('status', { name: 'What will be replayed' })).toContainText('nothing to replay');
  await toolbarImport(panel, 'second.har', second);
  await openReplay(panel);
  await expect(panel.getByRole('status', { name: 'What will be replayed' })).toContainText('second.har · run-second');
  await panel.getByRole('button', { name: 'Replay into page' }).click();
  await runDemo(page);
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done');
  await expect(page.locator('#chat')).toContainText('°F');
  await expect(panel.locator('.tl-label .badge.replayed')).toHaveAttribute('title', /second\.har · run-second/);
});

test('Cancel ends the app’s request as a dropped connection and the lane says why', async ({ page, openPanelTab }) => {
  const { panel } = await liveRunThenPanel(page, openPanelTab, (s) => (demo = s));
  await armStep(panel);
  await page.click('#run');
  const steps = panel.getByRole('group', { name: 'Step controls' });
  await steps.getByRole('button', { name: 'Next event' }).click();
  await expect(page.locator('#status')).toHaveAttribute('data-events', '1');
  await steps.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'error');
  // The run's label says why (its tooltip whole; the caption on the track keeps what fits
  // beside the run's finding markers).
  await expect(panel.locator('.tl-label[title*="replay cancelled in the panel"]')).toHaveCount(1);
  await expect(panel.getByText(/\(live\)/)).toHaveCount(0);
});

test('closing the panel ends a Step replay the app is waiting on', async ({ page, openPanelTab }) => {
  const { panel } = await liveRunThenPanel(page, openPanelTab, (s) => (demo = s));
  await armStep(panel);
  await page.click('#run');
  await expect(panel.getByRole('group', { name: 'Step controls' })).toBeVisible();
  await panel.close();
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'error');
  // A panel opened afterwards finds the run ended, and why.
  const again = await openPanelTab(page);
  await expect(again.locator('.run-caption').filter({ hasText: 'replay ended: the panel was closed' })).toHaveCount(1);
});
