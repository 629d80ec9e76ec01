// The `agui-inspector/playwright` fixture (plain Chromium, no extension) on runs whose body
// ends badly: left open after RUN_FINISHED, and cut mid tool call without a terminal event.
// toHaveNoAguiErrors fails on each with a message that says what happened.
import { startTestServer, type TestServer } from '../harness/pages/test-server.js';
import { findChromium, QUIET_ARGS } from '../harness/chromium.js';
import { test, expect } from '../src/playwright/index.js';

let server: TestServer;
test.use({ launchOptions: { executablePath: findChromium(), args: QUIET_ARGS } });
test.beforeAll(async () => {
  server = await startTestServer();
});
test.afterAll(async () => {
  await server?.close();
});

async function start(page: import('@playwright/test').Page, path: string): Promise<void> {
  await page.goto(`${server.url}/pages/blank.html`);
  await page.evaluate(
    (p) =>
      void fetch(p, {
        method: 'POST',
        headers: { accept: 'text/event-stream' },
        body: JSON.stringify({ threadId: 'fixture', runId: 'run-1', messages: [] }),
      }).then((r) => r.text()),
    path,
  );
}

async function failure(assertion: Promise<void>): Promise<string> {
  try {
    await assertion;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return '(the assertion passed)';
}

test.describe('a body open after RUN_FINISHED', () => {
  test.use({ aguiTiming: { openAfterTerminalMs: 1000 } });
  test('fails, naming the open body and what it does to the client', async ({ page, agui }) => {
    await start(page, '/timing/open-after-finished?open=20000&every=300');
    const message = await failure(expect(agui).toHaveNoAguiErrors({ timeout: 4000 }));
    expect(message).toContain('timing/open-after-terminal');
    expect(message).toMatch(/The body is still open \d+(\.\d)? s after RUN_FINISHED/);
    expect(message).toContain('Thread already running');
  });
});

test('a run cut mid tool call without RUN_FINISHED fails by default, and passes with allowNoTerminal', async ({
  page,
  agui,
}) => {
  await start(page, '/timing/truncated');
  const message = await failure(expect(agui).toHaveNoAguiErrors());
  expect(message).toContain('run/truncated');
  expect(message).toContain('run run-1');
  await expect(agui).toHaveNoAguiErrors({ allowNoTerminal: true });
});
