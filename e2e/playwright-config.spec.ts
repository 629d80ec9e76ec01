// The fixture reads agui-inspector.config.json as lint and probe do: its rules and
// ignoreUrls change what the `agui` object reports and what the matcher fails on. The
// demo's reopen-renamed scenario has one error, tool-call/reopen-name-mismatch.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { expect } from '../src/playwright/index.js';
import { test } from './worker-fixtures.js';

const dir = mkdtempSync(resolve(tmpdir(), 'agui-config-'));
const RULE_OFF = resolve(dir, 'rule-off.json');
const IGNORED = resolve(dir, 'ignored.json');
let server: DemoServer;

test.beforeAll(async () => {
  server = await startDemoServer({ delayMs: 0 });
  writeFileSync(RULE_OFF, JSON.stringify({ rules: { 'tool-call/reopen-name-mismatch': 'off' } }));
  writeFileSync(IGNORED, JSON.stringify({ ignoreUrls: [`${server.url}/*`] }));
});

test.afterAll(async () => {
  await server?.close();
});

async function runRenamed(page: Page): Promise<void> {
  await page.goto(server.url);
  await page.selectOption('#scenario', 'reopen-renamed');
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', /^(done|error)$/, { timeout: 30_000 });
}

test.describe('no config', () => {
  test.use({ aguiConfig: false });
  test('the error is reported and fails the matcher', async ({ page, agui }) => {
    await runRenamed(page);
    expect((await agui.findings()).map((f) => f.rule)).toContain('tool-call/reopen-name-mismatch');
    await expect(expect(agui).toHaveNoAguiErrors({ timeout: 5_000 })).rejects.toThrow(/reopen-name-mismatch/);
  });
});

test.describe('a rule turned off in the config', () => {
  test.use({ aguiConfig: RULE_OFF });
  test('the matcher passes; a matcher option still turns it back on', async ({ page, agui }) => {
    await runRenamed(page);
    await expect(agui).toHaveNoAguiErrors();
    await expect(
      expect(agui).toHaveNoAguiErrors({ timeout: 5_000, rules: { 'tool-call/reopen-name-mismatch': 'error' } }),
    ).rejects.toThrow(/reopen-name-mismatch/);
  });
});

test.describe("the agent's URL ignored in the config", () => {
  test.use({ aguiConfig: IGNORED });
  test('its streams are not reported', async ({ page, agui }) => {
    await runRenamed(page);
    await agui.waitForRuns({ timeout: 30_000 });
    expect(await agui.findings()).toEqual([]);
    await expect(agui).toHaveNoAguiErrors();
  });
});
