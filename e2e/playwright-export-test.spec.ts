// agui.exportTest() for every demo scenario: the fixture records the scenario against the
// demo agent and writes a test; then a second Playwright process runs all those tests with
// no agent and no app, and each must pass (the same findings as its recording, every run
// answered). One browser for the file, a context per test; the agent streams without delay.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { SCENARIOS } from '../demo/scenarios/index.js';
import { findChromium, QUIET_ARGS } from '../harness/chromium.js';
import { test, expect } from '../src/playwright/index.js';

const root = resolve(import.meta.dirname, '..');
// Inside the project (git-ignored), so the written tests and their config resolve @playwright/test.
mkdirSync(resolve(root, 'test-results'), { recursive: true });
const dir = mkdtempSync(resolve(root, 'test-results', 'exported-tests-'));
let agent: DemoServer;

test.use({ launchOptions: { executablePath: findChromium(), args: QUIET_ARGS } });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  agent = await startDemoServer({ delayMs: 0 });
});

test.afterAll(async () => {
  await agent?.close();
});

async function runScenario(page: Page, name: string): Promise<void> {
  await page.goto(agent.url);
  await page.selectOption('#scenario', name);
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', /^(done|error)$/, { timeout: 30_000 });
}

for (const { name } of SCENARIOS) {
  test(`${name}: recorded, written as a test by agui.exportTest()`, async ({ page, agui }) => {
    await runScenario(page, name);
    await agui.waitForRuns({ timeout: 30_000 });
    await agui.exportTest(resolve(dir, `${name}.spec.ts`), {
      title: `${name} replays with its recorded findings`,
      importFrom: resolve(root, 'src/playwright/index.ts'),
    });
  });
}

interface JsonReport {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  suites: { specs: { title: string; ok: boolean; tests: { results: { error?: { message?: string } }[] }[] }[] }[];
}

test('every exported test passes on its recording, with no agent running', async () => {
  test.setTimeout(600_000);
  await agent.close();
  writeFileSync(
    resolve(dir, 'playwright.config.ts'),
    `import { defineConfig } from '@playwright/test';
import { findChromium, QUIET_ARGS } from ${JSON.stringify(resolve(root, 'harness/chromium.js'))};
export default defineConfig({
  testDir: '.',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  outputDir: ${JSON.stringify(resolve(dir, 'results'))},
  use: { launchOptions: { executablePath: findChromium(), args: QUIET_ARGS } },
});
`,
  );
  const child = spawn(
    process.execPath,
    [
      resolve(root, 'node_modules/@playwright/test/cli.js'),
      'test',
      '-c',
      resolve(dir, 'playwright.config.ts'),
      '--reporter=json',
    ],
    { cwd: root },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const status = await new Promise<number | null>((done) => child.on('close', done));
  const report = JSON.parse(stdout) as JsonReport;
  const failed = report.suites
    .flatMap((s) => s.specs)
    .filter((s) => !s.ok)
    .map((s) => `${s.title}: ${s.tests[0]?.results[0]?.error?.message ?? ''}`.slice(0, 600));
  expect(failed, stderr).toEqual([]);
  expect(report.stats.expected).toBe(SCENARIOS.length);
  expect(status).toBe(0);
});
