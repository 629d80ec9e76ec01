// The `agui-inspector/playwright` fixture (plain Chromium, no extension) on runs whose body
// ends badly: left open after RUN_FINISHED, and cut mid tool call without a terminal event.
// toHaveNoAguiErrors fails on each with a message that says what happened. The routes whose
// fault is a warning (buffered, stalled, events without `data:`) pass with the default
// failOn ('error', as lint's) and fail with failOn: 'warning', their message naming the fault.
import { startTestServer, type TestServer } from '../harness/pages/test-server.js';
import { expect } from '../src/playwright/index.js';
import { test } from './worker-fixtures.js';

let server: TestServer;
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

// Each warning route, with thresholds shortened through aguiTiming so the test takes seconds.
const WARNING_ROUTES = [
  {
    name: 'a buffered run (every event after a silence, at once)',
    path: '/timing/buffered?silence=1500',
    timing: { bufferedSilenceMs: 1000 },
    rule: 'timing/buffered',
    says: [
      /All 7 events of the run arrived within \d+ ms, after \d(\.\d)? s of silence since the response headers/,
      'a proxy or compression is buffering the stream',
    ],
  },
  {
    name: 'a run stalled with keep-alives',
    path: '/timing/stalled?stall=2500&every=250',
    timing: { stallMs: 1500 },
    rule: 'timing/stall',
    says: [
      /No event for \d(\.\d)? s (so far )?inside the open run \(keep-alive comments aside\)/,
      /the user (saw|sees) nothing happen/,
    ],
  },
  {
    name: 'events without their data: prefix',
    path: '/framing/dropped-lines',
    timing: {},
    rule: 'sse/no-data-field',
    says: ['looks like an AG-UI event missing its "data:" prefix', 'so the application never sees it'],
  },
] as const;

for (const route of WARNING_ROUTES) {
  test.describe(route.name, () => {
    test.use({ aguiTiming: route.timing });
    test(`passes by default and fails with failOn: 'warning', naming ${route.rule}`, async ({ page, agui }) => {
      await start(page, route.path);
      await expect(agui).toHaveNoAguiErrors({ timeout: 8000 });
      const message = await failure(expect(agui).toHaveNoAguiErrors({ failOn: 'warning', timeout: 2000 }));
      expect(message).toMatch(/^expected no AG-UI failing findings, found \d+:/);
      expect(message).toContain(`  ${route.rule} (thread fixture · run run-1`);
      for (const words of route.says) expect(message).toMatch(words);
    });
  });
}
