// agui.conformance against real apps in Chromium: the demo app (its HttpAgent, its UI) run
// through every case of the catalogue, its known weaknesses held by a committed report
// (e2e/fixtures/demo-conformance.json; `AGUI_UPDATE_CONFORMANCE=1` rewrites it), and a
// deliberately fragile app that the runner must catch: it throws on a tool name it does not
// know and never clears its spinner on RUN_ERROR.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { FRAGILE_APP, LATE_ERROR_APP } from '../harness/pages/fragile-app.js';
import { startTestServer } from '../harness/pages/test-server.js';
import { clientCases, conformanceJunit, expect } from '../src/playwright/index.js';
import { test } from './worker-fixtures.js';

const REPORT = new URL('./fixtures/demo-conformance.json', import.meta.url);
let server: DemoServer;

test.beforeAll(async () => {
  server = await startDemoServer({ delayMs: 0 });
});
test.afterAll(async () => {
  await server?.close();
});

const clickRun = async (page: Page) => {
  await page.click('#run');
};

test('the demo app through every case: the problems it has are the known ones', async ({ page, agui }) => {
  test.setTimeout(300_000);
  await page.goto(server.url);
  const results = await agui.conformance(page, {
    trigger: clickRun,
    speed: 10,
    settleMs: 2_000,
    // The demo words a declined frontend tool "error: …" in the chat; its run errors are an alert.
    showsError: (p) => p.getByRole('alert').isVisible(),
    // Each Run starts the demo afresh (a new agent, the alert cleared): no reload between cases.
    reset: async () => undefined,
  });
  expect(results.map((r) => r.id)).toEqual(clientCases().map((c) => c.id));
  const problems = Object.fromEntries(results.filter((r) => r.problems.length > 0).map((r) => [r.id, r.problems]));
  if (process.env['AGUI_UPDATE_CONFORMANCE'] === '1') writeFileSync(REPORT, `${JSON.stringify(problems, null, 2)}\n`);
  expect(problems).toEqual(JSON.parse(readFileSync(REPORT, 'utf8')));
  // The body CopilotKit leaves open hangs the demo's HttpAgent, as it hangs the official client.
  expect(problems['frameworks/open-after-finished']).toContain(
    'the app kept waiting on a body that stayed open after the run ended',
  );
  const junit = conformanceJunit(results);
  expect(junit).toContain(`tests="${results.length}" failures="${Object.keys(problems).length}"`);
  expect(junit).toContain('<testcase classname="agui client conformance" name="frameworks/http-500"></testcase>');
});

test('a fragile app: the runner catches the throw on an unknown tool and the spinner left on RUN_ERROR', async ({
  page,
  agui,
}) => {
  const pages = await startTestServer({ 'fragile.html': FRAGILE_APP });
  await page.goto(`${pages.url}/pages/fragile.html`);
  const results = await agui.conformance(page, {
    cases: [
      'frameworks/reopened-call',
      'official/1.1/run-error-first-run-continues',
      'frameworks/interleaved-parallel-args',
    ],
    trigger: async (p) => {
      await p.getByRole('button', { name: 'Send' }).click();
    },
    settleMs: 1_000,
  });
  const byId = Object.fromEntries(results.map((r) => [r.id, r]));
  // It knows get_weather only: lookup_order throws, uncaught.
  expect(byId['frameworks/reopened-call']!.pageErrors.join('\n')).toContain('unknown tool lookup_order');
  expect(byId['frameworks/reopened-call']!.problems.join('\n')).toContain('uncaught: ');
  // RUN_ERROR leaves "Working…" on screen and no error: a good client shows one.
  expect(byId['official/1.1/run-error-first-run-continues']!.problems).toContain(
    'no error shown, where a good client shows one',
  );
  expect(byId['official/1.1/run-error-first-run-continues']!.screenshot?.length ?? 0).toBeGreaterThan(1000);
  // The calls it knows, it handles: no problem.
  expect(byId['frameworks/interleaved-parallel-args']!.problems).toEqual([]);
  await pages.close();
});

test('an app that draws its error late is given settleMs to draw it', async ({ page, agui }) => {
  const pages = await startTestServer({ 'late.html': LATE_ERROR_APP });
  await page.goto(`${pages.url}/pages/late.html`);
  const [result] = await agui.conformance(page, {
    cases: ['official/1.1/run-error-first-run-continues'],
    trigger: (p) => p.getByRole('button', { name: 'Send' }).click(),
    settleMs: 3_000,
  });
  expect(result!.showedError).toBe(true);
  expect(result!.problems).toEqual([]);
  await pages.close();
});
