// The fixture's assertions are web-first: asserting right after the page starts a run
// waits for the run's streams to end before judging, `.not` waits for an error to appear,
// a timeout names the streams still open, and agui.waitForRuns waits for a count of runs.
// The demo agent streams slowly here (80 ms between events) so every run is still in
// flight when the assertion starts.
import type { Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { expect } from '../src/playwright/index.js';
import { test } from './worker-fixtures.js';

let server: DemoServer;
/** One event a second: a run still streaming when a short timeout passes. */
let slow: DemoServer;

test.beforeAll(async () => {
  server = await startDemoServer({ delayMs: 80 });
  slow = await startDemoServer({ delayMs: 1000 });
});

test.afterAll(async () => {
  await server?.close();
  await slow?.close();
});

/** Starts a scenario and returns at once, the run in flight. */
async function startScenario(page: Page, name: string, at = server): Promise<void> {
  await page.goto(at.url);
  await page.selectOption('#scenario', name);
  await page.click('#run');
}

async function failureOf(assertion: Promise<unknown>): Promise<string> {
  try {
    await assertion;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return '';
}

test('asserting right after starting a violating run fails, naming the rule', async ({ page, agui }) => {
  await startScenario(page, 'reopen-renamed');
  const message = await failureOf(expect(agui).toHaveNoAguiErrors({ timeout: 30_000 }));
  expect(message).toContain('tool-call/reopen-name-mismatch');
});

test('asserting right after starting a clean run passes once the run has ended', async ({ page, agui }) => {
  await startScenario(page, 'backend-tool');
  await expect(agui).toHaveNoAguiErrors({ timeout: 30_000 });
  const runs = await agui.waitForRuns({ timeout: 0, idleMs: 0 });
  expect(runs.map((r) => r.status)).toEqual(['finished']);
});

test('.not waits for the error to arrive, and fails on a clean run', async ({ page, agui }) => {
  await startScenario(page, 'reopen-renamed');
  await expect(agui).not.toHaveNoAguiErrors({ timeout: 30_000 });
  await startScenario(page, 'backend-tool');
  await agui.waitForRuns({ count: 2 });
  // Both runs are in this context: the first one's error is still there.
  await expect(agui).not.toHaveNoAguiErrors();
});

test('.not on a clean context fails after its timeout', async ({ page, agui }) => {
  await startScenario(page, 'backend-tool');
  await agui.waitForRuns();
  const message = await failureOf(expect(agui).not.toHaveNoAguiErrors({ timeout: 500 }));
  expect(message).toContain('expected AG-UI error findings, found none');
});

test('a timeout names the streams still open', async ({ page, agui }) => {
  await startScenario(page, 'backend-tool', slow);
  const message = await failureOf(expect(agui).toHaveNoAguiErrors({ timeout: 300 }));
  expect(message).toContain('still in flight');
  expect(message).toContain(`POST ${slow.url}/agent`);
});

test('waitForRuns waits for a frontend tool round trip: two runs, both ended', async ({ page, agui }) => {
  await startScenario(page, 'frontend-round-trip');
  const runs = await agui.waitForRuns({ count: 2, timeout: 30_000 });
  expect(runs).toHaveLength(2);
  expect(runs.every((r) => r.status !== 'running')).toBe(true);
  expect(runs[0]!.threadId).toBe(runs[1]!.threadId);
});

test('waitForRuns on timeout says how many runs it saw and what is open', async ({ page, agui }) => {
  await startScenario(page, 'backend-tool', slow);
  const message = await failureOf(agui.waitForRuns({ count: 3, timeout: 300 }));
  expect(message).toMatch(/[01] of 3 run\(s\) seen after 300 ms; still open:/);
  expect(message).toContain(`${slow.url}/agent`);
});
