// The demo app in plain Chromium (no extension): every scenario runs through the real
// HttpAgent without crashing, rejected-by-design scenarios show the client's error, and
// the frontend round trip sends its answers (one declined as an error) in run 2.
import { expect, type Browser, type Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { SCENARIOS } from '../demo/scenarios/index.js';
import { DECLINED } from '../demo/app/frontend-tools.js';
import { test } from './worker-fixtures.js';

let server: DemoServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

test.beforeAll(async ({ browser: shared }) => {
  server = await startDemoServer({ delayMs: 0 });
  browser = shared;
});

test.afterAll(async () => {
  await server?.close();
});

test.beforeEach(async () => {
  pageErrors.length = 0;
  page = await browser.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(server.url);
});

test.afterEach(async () => {
  await page.close();
  expect(pageErrors, 'uncaught errors in the demo app').toEqual([]);
});

async function run(name: string): Promise<void> {
  await page.selectOption('#scenario', name);
  await expect(page.locator('#description')).toContainText(SCENARIOS.find((s) => s.name === name)?.description ?? '?');
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', /^(done|error)$/, { timeout: 30_000 });
}

for (const s of SCENARIOS.filter((x) => x.transport !== 'eventsource')) {
  test(`${s.name}: ${s.verdict === 'rejected' ? 'shows the client error' : s.cutTail ? 'shows the network error' : 'runs to completion'}`, async () => {
    await run(s.name);
    const status = page.locator('#status');
    if (s.verdict === 'rejected') {
      await expect(status).toHaveAttribute('data-state', 'error');
      await expect(page.locator('#error')).toContainText(s.clientError ?? '');
    } else if (s.cutTail) {
      await expect(status).toHaveAttribute('data-state', 'error');
      await expect(page.locator('#error')).not.toBeEmpty();
      await expect(page.locator('.call .name')).toContainText(['write_file']);
    } else {
      await expect(status).toHaveAttribute('data-state', 'done');
      await expect(page.locator('#error')).toHaveCount(0);
      expect(Number(await status.getAttribute('data-events'))).toBeGreaterThan(3);
      await expect(page.locator('#chat .msg.assistant').first()).toBeVisible();
    }
  });
}

test('frontend round trip: run 2 answers both calls, the booking as an error', async () => {
  const before = server.requests.length;
  await run('frontend-round-trip');
  await expect(page.locator('#status')).toHaveAttribute('data-runs', '2');
  await expect(page.locator('.msg.tool.error .tool-error')).toContainText(DECLINED);
  const posts = server.requests.slice(before).filter((r) => r.scenario === 'frontend-round-trip');
  expect(posts).toHaveLength(2);
  const first = JSON.parse(posts[0]?.body ?? '{}') as { tools: { name: string }[] };
  const second = JSON.parse(posts[1]?.body ?? '{}') as {
    messages: { role: string; toolCallId?: string; error?: string }[];
  };
  expect(first.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['show_chart', 'confirm_booking']));
  const answers = second.messages.filter((m) => m.role === 'tool');
  expect(answers).toHaveLength(2);
  expect(answers.filter((m) => m.error === DECLINED)).toHaveLength(1);
  expect(answers.filter((m) => m.error === undefined)).toHaveLength(1);
});

test('protobuf: the app asks for the proto media type and renders the run', async () => {
  const before = server.requests.length;
  await run('protobuf');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done');
  const req = server.requests.slice(before).find((r) => r.scenario === 'protobuf');
  expect(req?.headers.accept).toBe('application/vnd.ag-ui.event+proto');
  await expect(page.locator('.call .name')).toContainText(['find_table']);
});

test('EventSource button streams the GET scenario with named events', async () => {
  await page.click('#eventsource');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done');
  await expect(page.locator('#es-log')).toContainText('progress');
  await expect(page.locator('#es-log li').last()).toContainText('RUN_FINISHED');
  expect(server.requests.some((r) => r.method === 'GET' && r.path.startsWith('/events'))).toBe(true);
});
