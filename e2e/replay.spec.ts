// Replay in real Chromium with the built extension: the panel (pop-out tab) arms a
// recorded run and the page tap answers the demo app's real HttpAgent with it, with the
// demo agent stopped; Step mode; an edited cut-off run; other tabs and non-AG-UI requests
// are never answered; an EventSource and an XMLHttpRequest answered in the page.
import type { Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { customerHar } from '../harness/customer-har.js';
import { expect, test } from './fixtures.js';

let demo: DemoServer | undefined;
test.afterEach(async () => {
  await demo?.close().catch(() => undefined);
  demo = undefined;
});

/** The demo app (agent without delays) in `page`, and the panel of its tab. */
async function openDemoWithPanel(
  page: Page,
  openPanelTab: (page: Page) => Promise<Page>,
): Promise<{ server: DemoServer; panel: Page }> {
  const server = await startDemoServer({ delayMs: 0 });
  demo = server;
  await page.goto(server.url);
  return { server, panel: await openPanelTab(page) };
}

async function runScenario(page: Page, name: string): Promise<void> {
  await page.selectOption('#scenario', name);
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', /^(done|error)$/, { timeout: 30_000 });
}

async function armFromPanel(panel: Page, setup?: () => Promise<void>, runs = 1): Promise<void> {
  const details = panel.locator('details.replay-setup');
  if ((await details.getAttribute('open')) === null) await panel.getByText('Replay', { exact: true }).click();
  await setup?.();
  await panel.getByRole('button', { name: 'Replay into page' }).click();
  // "Armed … 0 of N taken" only once the page's tap confirmed the arm: the app's run may start.
  await expect(panel.getByRole('region', { name: 'Armed replay' })).toContainText(
    new RegExp(`Armed: .*\\(0 of ${runs} taken\\)`),
  );
}

test('the demo app renders the same chat from a replayed run as from the live agent, agent stopped', async ({
  page,
  openPanelTab,
}) => {
  const { server, panel } = await openDemoWithPanel(page, openPanelTab);
  await runScenario(page, 'backend-tool');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done');
  const live = await page.locator('#chat').innerText();
  expect(live.length).toBeGreaterThan(10);
  await armFromPanel(panel);
  const requests = server.requests.length;
  await server.close();
  await runScenario(page, 'backend-tool');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done');
  expect(await page.locator('#chat').innerText()).toBe(live);
  expect(server.requests.length).toBe(requests);
  await expect(panel.getByRole('region', { name: 'Armed replay' })).toContainText('All 1 recorded run(s) replayed');
  await expect(panel.locator('.tl-label .badge.replayed').first()).toBeVisible();
});

test('a HAR recorded on another origin replays into the demo app', async ({ page, openPanelTab }) => {
  demo = await startDemoServer({ delayMs: 0 });
  const har = await customerHar(demo.url, 'https://customer.example/api/agent');
  await page.goto(demo.url);
  const panel = await openPanelTab(page);
  await armFromPanel(panel, async () => {
    await panel.getByLabel('Load a recording for replay').setInputFiles({
      name: 'customer.har',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(har)),
    });
    await expect(panel.getByRole('radio', { name: 'customer.har' })).toBeChecked();
    // The customer's app posts to /api/agent, the demo app to /agent: by default only the
    // recorded path is answered, so this replay needs the explicit "any URL" choice.
    const preview = panel.getByRole('status', { name: 'What will be replayed' });
    await expect(preview).toContainText('/api/agent on any origin');
    await panel.getByRole('radio', { name: 'Any URL' }).check();
    await expect(preview).toContainText('to any URL');
  });
  await demo.close();
  await runScenario(page, 'backend-tool');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done');
  await expect(page.locator('#chat .msg.assistant').first()).toBeVisible();
  const chat = await page.locator('#chat').innerText();
  // The other choice: the recorded ids (the customer's thread) as they were.
  await panel.getByRole('button', { name: 'Done' }).click();
  await armFromPanel(panel, () => panel.getByRole('radio', { name: 'Exactly as recorded' }).check());
  await runScenario(page, 'backend-tool');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done');
  expect(await page.locator('#chat').innerText()).toBe(chat);
});

test('a two-run frontend round trip replays both runs in order; a changed tool answer is a divergence', async ({
  page,
  openPanelTab,
}) => {
  const { server, panel } = await openDemoWithPanel(page, openPanelTab);
  await runScenario(page, 'frontend-round-trip');
  await expect(page.locator('#status')).toHaveAttribute('data-runs', '2');
  await armFromPanel(
    panel,
    async () => {
      await panel.getByLabel(/Runs to replay/).fill('2');
      await panel.getByRole('button', { name: 'Edit events before replay' }).click();
      const text = await panel.getByRole('textbox', { name: 'Events to replay' }).inputValue();
      // Drop the chart call's first argument delta: the app then answers it differently.
      const n = text.split('\n').findIndex((l) => l.includes('"TOOL_CALL_ARGS"') && l.includes('call-chart')) + 1;
      expect(n).toBeGreaterThan(0);
      await panel.getByRole('spinbutton', { name: 'Event' }).fill(String(n));
      await panel.getByRole('button', { name: 'Drop it' }).click();
    },
    2,
  );
  await server.close();
  await runScenario(page, 'frontend-round-trip');
  await expect(page.locator('#status')).toHaveAttribute('data-runs', '2');
  const armed = panel.getByRole('region', { name: 'Armed replay' });
  await expect(armed).toContainText('All 2 recorded run(s) replayed');
  await expect(armed).toContainText('Run 1: the app’s request matches the recorded one');
  await expect(armed).toContainText('Run 2: 1 divergence(s)');
  await armed.getByText('Run 2:').click();
  await expect(armed.getByRole('list', { name: 'Divergences' })).toContainText('different tool answer');
});

test('Step mode delivers exactly one event per step', async ({ page, openPanelTab }) => {
  const { server, panel } = await openDemoWithPanel(page, openPanelTab);
  await runScenario(page, 'backend-tool');
  const total = Number(await page.locator('#status').getAttribute('data-events'));
  await armFromPanel(panel, async () => void (await panel.getByLabel('Pacing').selectOption('step')));
  await server.close();
  await page.click('#run');
  const steps = panel.getByRole('group', { name: 'Step controls' });
  await expect(steps).toContainText('0 of');
  const events = page.locator('#status');
  for (let i = 1; i <= 3; i++) {
    await steps.getByRole('button', { name: 'Next event' }).click();
    await expect(events).toHaveAttribute('data-events', String(i));
  }
  await steps.getByRole('spinbutton').fill(String(total));
  await steps.getByRole('button', { name: 'Go' }).click();
  await expect(events).toHaveAttribute('data-state', 'done');
  await expect(events).toHaveAttribute('data-events', String(total));
});

test('an edited run cut off after a TOOL_CALL_ARGS reaches the app cut off and shows run/truncated', async ({
  page,
  openPanelTab,
}) => {
  const { server, panel } = await openDemoWithPanel(page, openPanelTab);
  await runScenario(page, 'backend-tool');
  await armFromPanel(panel, async () => {
    await panel.getByRole('button', { name: 'Edit events before replay' }).click();
    const text = await panel.getByRole('textbox', { name: 'Events to replay' }).inputValue();
    const n = text.split('\n').findIndex((l) => l.includes('"TOOL_CALL_ARGS"')) + 1;
    expect(n).toBeGreaterThan(0);
    await panel.getByRole('spinbutton', { name: 'Event' }).fill(String(n));
    await panel.getByRole('button', { name: 'Cut off after it' }).click();
  });
  await server.close();
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', /^(done|error)$/);
  await expect(panel.getByRole('region', { name: 'Armed replay' })).toContainText('replayed');
  await panel.getByRole('tab', { name: /Findings/ }).click();
  await expect(panel.locator('[data-view="findings"]')).toContainText('run/truncated');
});

test('replay answers neither another tab nor a non-AG-UI request', async ({ page, context, server, openPanelTab }) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const panel = await openPanelTab(page);
  const agui = (id: string) =>
    `fetch('/sse?events=12&id=${id}', { method: 'POST', headers: { accept: 'text/event-stream', 'content-type': 'application/json' }, body: JSON.stringify({ threadId: 't-${id}', runId: 'r-${id}', messages: [] }) }).then((r) => r.text())`;
  const recorded = (await page.evaluate(agui('rec'))) as string;
  await expect(panel.getByLabel('Recorded run')).toContainText('r1');
  await armFromPanel(panel);
  const other = await context.newPage();
  await other.goto(`${server.url}/pages/blank.html`);
  await other.evaluate(agui('other-tab'));
  expect(server.bodies.has('other-tab')).toBe(true);
  await page.bringToFront();
  const json = await page.evaluate(() => fetch('/json').then((r) => r.text()));
  expect(json).toBe('{"ok":true,"n":[1,2,3]}');
  await expect(panel.getByRole('region', { name: 'Armed replay' })).toContainText('0 of 1 taken');
  const replayed = (await page.evaluate(agui('mine'))) as string;
  expect(server.bodies.has('mine')).toBe(false);
  // Ids rewritten to the request's: everything else is the recorded body.
  expect(replayed).toBe(recorded.replaceAll('"t1"', '"t-mine"').replaceAll('"r1"', '"r-mine"'));
});

test('a page can neither arm a replay nor observe the arming', async ({ page, server, openPanelTab }) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const panel = await openPanelTab(page);
  // Traps for anything our side could read while a control arrives.
  await page.evaluate(() => {
    const w = window as unknown as { __hits: string[] };
    w.__hits = [];
    const keys = [
      'kind',
      'armId',
      'runs',
      'ttlMs',
      'pattern',
      'path',
      'recordedUrl',
      'rewriteIds',
      'step',
      'bytes',
      'ends',
      'at',
      'patches',
      'source',
      'contentType',
      'upTo',
    ];
    for (const k of keys)
      Object.defineProperty(Object.prototype, k, {
        configurable: true,
        get: () => void w.__hits.push(`Object.prototype.${k}`),
      });
    const data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data');
    Object.defineProperty(MessageEvent.prototype, 'data', {
      configurable: true,
      get(this: MessageEvent) {
        w.__hits.push('MessageEvent.data');
        return data?.get?.call(this) as unknown;
      },
    });
    addEventListener('message', () => w.__hits.push('window message'), true);
  });
  const agui = (id: string) =>
    `fetch('/sse?events=12&id=${id}', { method: 'POST', headers: { accept: 'text/event-stream' }, body: '{"threadId":"t","runId":"r","messages":[]}' }).then((r) => r.text())`;
  await page.evaluate(agui('rec'));
  await expect(panel.getByLabel('Recorded run')).toContainText('r1');
  await armFromPanel(panel);
  await panel.getByRole('button', { name: 'Disarm' }).click();
  await armFromPanel(panel);
  expect(await page.evaluate(() => (window as unknown as { __hits: string[] }).__hits)).toEqual([]);
  // A forged control on the window goes nowhere: it is not the private port.
  await page.evaluate(() =>
    window.postMessage({ source: 'agui-inspector', v: 1, msg: { kind: 'replay-disarm', armId: 'x' } }, '*'),
  );
  await page.evaluate(agui('mine'));
  expect(server.bodies.has('mine')).toBe(false);
});

test('the demo app’s EventSource gets the same events from a replay as from the live agent, agent stopped', async ({
  page,
  openPanelTab,
}) => {
  const { server, panel } = await openDemoWithPanel(page, openPanelTab);
  await runScenario(page, 'eventsource');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done');
  const liveLog = await page.locator('#es-log').innerText();
  const liveChat = await page.locator('#chat').innerText();
  expect(liveLog).toContain('progress');
  await armFromPanel(panel);
  const requests = server.requests.length;
  await server.close();
  await page.evaluate(() => {
    const w = window as unknown as { __es: string[] };
    w.__es = [];
    const ES = EventSource;
    const seen = (es: EventSource) => {
      w.__es.push(`${es instanceof ES} ${Object.prototype.toString.call(es)} ${es.readyState} ${es.url}`);
      es.addEventListener('open', () => w.__es.push(`open ${es.readyState}`));
    };
    window.EventSource = new Proxy(ES, {
      construct(t, args, nt) {
        const es = Reflect.construct(t, args, nt) as EventSource;
        seen(es);
        return es;
      },
    });
  });
  await runScenario(page, 'eventsource');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done');
  expect(await page.locator('#es-log').innerText()).toBe(liveLog);
  expect(await page.locator('#chat').innerText()).toBe(liveChat);
  expect(server.requests.length).toBe(requests);
  const probes = await page.evaluate(() => (window as unknown as { __es: string[] }).__es);
  expect(probes[0]).toBe(`true [object EventSource] 0 ${server.url}/events?scenario=eventsource`);
  expect(probes[1]).toBe('open 1');
  await expect(panel.getByRole('region', { name: 'Armed replay' })).toContainText('All 1 recorded run(s) replayed');
  await expect(panel.locator('.tl-label .badge.replayed').first()).toBeVisible();
});

test('Step mode drives a replayed EventSource one event at a time; Cancel is a dropped connection', async ({
  page,
  openPanelTab,
}) => {
  const { server, panel } = await openDemoWithPanel(page, openPanelTab);
  await runScenario(page, 'eventsource');
  await armFromPanel(panel, async () => void (await panel.getByLabel('Pacing').selectOption('step')));
  await server.close();
  await page.selectOption('#scenario', 'eventsource');
  await page.click('#run');
  const steps = panel.getByRole('group', { name: 'Step controls' });
  await expect(steps).toContainText('0 of');
  const status = page.locator('#status');
  for (let i = 1; i <= 2; i++) {
    await steps.getByRole('button', { name: 'Next event' }).click();
    await expect(status).toHaveAttribute('data-events', String(i));
  }
  await steps.getByRole('button', { name: 'Cancel' }).click();
  // The demo app treats an error on an open source as a failed connection.
  await expect(status).toHaveAttribute('data-state', 'error');
  await expect(page.locator('#status')).toContainText('EventSource failed');
});

test('an XMLHttpRequest AG-UI run is answered in the page: states, progress, text and status, no request', async ({
  page,
  server,
  openPanelTab,
}) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const panel = await openPanelTab(page);
  const recorded = (await page.evaluate(
    `fetch('/sse?events=12&id=rec', { method: 'POST', headers: { accept: 'text/event-stream', 'content-type': 'application/json' }, body: JSON.stringify({ threadId: 't-rec', runId: 'r-rec', messages: [] }) }).then((r) => r.text())`,
  )) as string;
  await expect(panel.getByLabel('Recorded run')).toContainText('r1');
  await armFromPanel(panel);
  const got = await page.evaluate(
    () =>
      new Promise<{ states: number[]; progress: number; text: string; status: number; type: string | null }>((done) => {
        const xhr = new XMLHttpRequest();
        const states: number[] = [];
        let progress = 0;
        xhr.onreadystatechange = () => states.push(xhr.readyState);
        xhr.onprogress = () => progress++;
        xhr.onloadend = () =>
          done({
            states,
            progress,
            text: xhr.responseText,
            status: xhr.status,
            type: xhr.getResponseHeader('content-type'),
          });
        xhr.open('POST', '/sse?events=12&id=xhr-mine');
        xhr.setRequestHeader('content-type', 'application/json');
        xhr.send(JSON.stringify({ threadId: 't-xhr', runId: 'r-xhr', messages: [] }));
      }),
  );
  expect(server.bodies.has('xhr-mine')).toBe(false);
  expect(got.text).toBe(recorded.replaceAll('"t1"', '"t-xhr"').replaceAll('"r1"', '"r-xhr"'));
  expect(got.status).toBe(200);
  expect(got.type).toMatch(/^text\/event-stream/); // as recorded
  expect(got.states.slice(0, 2)).toEqual([1, 2]); // open(), then the recorded headers
  expect(got.states.at(-1)).toBe(4);
  expect(got.states.filter((s) => s === 3).length).toBeGreaterThan(0);
  expect(got.progress).toBeGreaterThan(0);
  await expect(panel.getByRole('region', { name: 'Armed replay' })).toContainText('All 1 recorded run(s) replayed');
  await expect(panel.locator('.tl-label .badge.replayed').first()).toBeVisible();
});
