// The Playwright fixture against run requests that got no AG-UI answer (issue 41): each
// makes toHaveNoAguiErrors() fail with a message that names the rule, the status or error,
// and the start of the body. Plain Chromium, the tap as an init script.
import { startTestServer, type TestServer } from '../harness/pages/test-server.js';
import { closedPort } from '../harness/pages/failure-routes-transport.js';
import { expect } from '../src/playwright/index.js';
import { test } from './worker-fixtures.js';
import { FAILURES, pageRun } from './failed-requests-shared.js';

let server: TestServer;
let refused: number;

test.beforeAll(async () => {
  server = await startTestServer();
  refused = await closedPort();
});

test.afterAll(async () => {
  await server?.close();
});

for (const failure of FAILURES) {
  test(`toHaveNoAguiErrors fails on a ${failure.name} answer with a readable message`, async ({ page, agui }) => {
    await page.goto(`${server.url}/pages/blank.html`);
    const seen = await pageRun(page, failure.url(server.url, refused), 'run-1');
    // What the page itself saw is untouched: the status and body, or the browser's rejection.
    expect(seen).toMatch(failure.rule === 'transport/network-error' ? /TypeError: Failed to fetch/ : /^[45]\d\d /);
    const runs = await agui.waitForRuns();
    expect(runs.map((r) => [r.runId, r.status])).toEqual([['run-1', 'failed']]);
    let message = '';
    try {
      await expect(agui).toHaveNoAguiErrors({ timeout: 5_000 });
    } catch (e) {
      message = e instanceof Error ? e.message : String(e);
    }
    expect(message).toContain('expected no AG-UI error findings, found 1:');
    expect(message).toContain(`${failure.rule} (thread thread-fail · run run-1): The run request failed: `);
    for (const words of failure.says) expect(message).toContain(words);
  });
}

test('a run request the page aborts before the answer is a warning, not an error', async ({ page, agui }) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const seen = await page.evaluate(async () => {
    const c = new AbortController();
    const p = fetch('/hold?id=abort', {
      method: 'POST',
      signal: c.signal,
      body: JSON.stringify({ threadId: 't', runId: 'r-abort', messages: [] }),
    });
    c.abort();
    return p.then(
      () => 'answered',
      (e: unknown) => String(e),
    );
  });
  expect(seen).toContain('AbortError');
  await expect
    .poll(async () => (await agui.findings()).map((f) => f.rule))
    .toEqual(['transport/aborted-before-response']);
  await expect(agui).toHaveNoAguiErrors();
});
