// Every demo scenario, recorded by the fixture against the demo agent (agui.saveHar, and
// agui.exportTest() writing a test of it), then replayed to the same app with no agent behind
// it, twice: by agui.routeFromRecording and by the module `agui-inspector export --as
// playwright` writes; last, a second Playwright process runs every exported test with no
// agent and no app, and each must pass. Each replay answers the
// app's requests with the app's own ids, so the replayed session has exactly the findings
// the recording had: a clean recording's test passes (before, every replay failed with
// run/thread-changed, the recorded ids against the request's fresh ones). One browser for
// the file, a context per test; the agent streams without delay. Every scenario is recorded
// first; then the agent stops, and the second Playwright process starts at once, with one
// worker, beside this file's replays, instead of after them: it needs only the files the
// recordings wrote (one core each; before, it ran alone at the end with two workers).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { SCENARIOS } from '../demo/scenarios/index.js';
import { serveStatic } from '../demo/static-files.js';
import { main } from '../src/cli/main.js';
import { expect, type AguiInspector } from '../src/playwright/index.js';
import { test } from './worker-fixtures.js';

interface ExportedModule {
  routeAguiRecording(page: Page): Promise<{ readonly served: string[] }>;
}

let agent: DemoServer;
let appOnly: Server;
let appOrigin = '';
const root = resolve(import.meta.dirname, '..');
// Inside the project (git-ignored), so the exported tests and their config resolve @playwright/test.
mkdirSync(resolve(root, 'test-results'), { recursive: true });
const dir = mkdtempSync(resolve(root, 'test-results', 'agui-replay-'));
const reachedAppOnly: string[] = [];
/** Per scenario: the recording's finding rules and run count. */
const recorded = new Map<string, { rules: string[]; runs: number }>();

// What this file compares is the protocol's findings, recorded and replayed. A 5,000-event
// body fulfilled at once is read by the app for seconds on a loaded machine: the default 5 s
// end grace made that a timing/open-after-terminal finding once (fixture-timing.spec holds the
// timing rules).
test.use({ aguiTiming: { openAfterTerminalMs: 30_000 } });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  agent = await startDemoServer({ delayMs: 0 });
  // The app's files only: a run request that reached it would fail.
  appOnly = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method !== 'GET' || (url.pathname !== '/' && !url.pathname.includes('.'))) {
      reachedAppOnly.push(`${req.method ?? ''} ${url.pathname}`);
      res.writeHead(503).end('no agent here');
    } else void serveStatic(res, url.pathname);
  });
  await new Promise<void>((done) => appOnly.listen(0, '127.0.0.1', done));
  appOrigin = `http://127.0.0.1:${(appOnly.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  // A replay that failed leaves the exported tests' run unwaited for.
  nested?.child.kill();
  await agent?.close();
  await new Promise((done) => appOnly?.close(done));
});

async function runScenario(page: Page, origin: string, name: string): Promise<void> {
  await page.goto(origin);
  await page.selectOption('#scenario', name);
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', /^(done|error)$/, { timeout: 30_000 });
}

const rulesOf = async (agui: AguiInspector) => (await agui.findings()).map((f) => f.rule);

async function exportModule(har: string, name: string): Promise<ExportedModule> {
  const out = resolve(dir, `${name}.mjs`);
  const code = await main(['export', har, '--as', 'playwright', '-o', out], {
    stdout: () => undefined,
    stderr: () => undefined,
    readFile: async (p) => new Uint8Array(readFileSync(p)),
    writeFile: async (p, data) => writeFileSync(p, data),
    color: false,
  });
  expect(code).toBe(0);
  return (await import(pathToFileURL(out).href)) as ExportedModule;
}

async function expectSameFindings(agui: AguiInspector, name: string): Promise<void> {
  const want = recorded.get(name);
  expect(want, 'recorded first').toBeDefined();
  const runs = await agui.waitForRuns({ count: want!.runs, timeout: 30_000 });
  expect(runs).toHaveLength(want!.runs);
  expect(await rulesOf(agui)).toEqual(want!.rules);
  if (!want!.rules.some((r) => r === 'run/thread-changed')) {
    expect(await rulesOf(agui)).not.toContain('run/thread-changed');
  }
  expect(reachedAppOnly).toEqual([]);
}

for (const { name } of SCENARIOS) {
  test(`${name}: recorded by the fixture, saved as a HAR and written as a test`, async ({ page, agui }) => {
    await runScenario(page, agent.url, name);
    const runs = await agui.waitForRuns({ timeout: 30_000 });
    await agui.saveHar(resolve(dir, `${name}.har`));
    await agui.exportTest(resolve(dir, `${name}.spec.ts`), {
      title: `${name} replays with its recorded findings`,
      importFrom: resolve(root, 'src/playwright/index.ts'),
    });
    recorded.set(name, { rules: await rulesOf(agui), runs: runs.length });
  });
}

interface JsonReport {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  suites: { specs: { title: string; ok: boolean; tests: { results: { error?: { message?: string } }[] }[] }[] }[];
}

interface NestedRun {
  readonly child: ChildProcess;
  readonly done: Promise<{ status: number | null; stdout: string; stderr: string }>;
}

/** The tests agui.exportTest() wrote, in a second Playwright process. */
let nested: NestedRun | undefined;

function runExportedTests(): NestedRun {
  // One worker: this file's replays run beside it, on the other core.
  writeFileSync(
    resolve(dir, 'playwright.config.ts'),
    `import { defineConfig } from '@playwright/test';
import { findHeadlessShell, TEST_ARGS } from ${JSON.stringify(resolve(root, 'harness/chromium.js'))};
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  outputDir: ${JSON.stringify(resolve(dir, 'results'))},
  use: { launchOptions: { executablePath: findHeadlessShell(), args: TEST_ARGS } },
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
  const done = new Promise<{ status: number | null; stdout: string; stderr: string }>((resolveRun) => {
    child.on('error', (e) => resolveRun({ status: null, stdout, stderr: `${stderr}${e.message}` }));
    child.on('close', (status) => resolveRun({ status, stdout, stderr }));
  });
  return { child, done };
}

// Anonymous: the tests keep their titles. Its beforeAll runs once every scenario is recorded.
test.describe(() => {
  test.beforeAll(async () => {
    await agent.close();
    nested = runExportedTests();
  });

  for (const { name } of SCENARIOS) {
    test(`${name}: replayed by agui.routeFromRecording, same findings`, async ({ page, agui }) => {
      const { served } = await agui.routeFromRecording(page, resolve(dir, `${name}.har`));
      await runScenario(page, appOrigin, name);
      await expectSameFindings(agui, name);
      expect(served.length).toBe(recorded.get(name)!.runs);
    });

    // The exported module needs only @playwright/test, and no protobuf encoder: it answers a
    // protobuf recording with the recorded ids (docs/playwright.md says so); the fixture's
    // own routing above rewrites those too.
    if (name === 'protobuf') continue;
    test(`${name}: replayed by the exported module, same findings`, async ({ page, agui }) => {
      const recording = await exportModule(resolve(dir, `${name}.har`), name);
      await recording.routeAguiRecording(page);
      await runScenario(page, appOrigin, name);
      await expectSameFindings(agui, name);
    });
  }

  test('every test agui.exportTest() wrote passes on its recording, with no agent running', async () => {
    test.setTimeout(300_000);
    expect(nested, 'started once the recordings were written').toBeDefined();
    const { status, stdout, stderr } = await nested!.done;
    const report = JSON.parse(stdout) as JsonReport;
    const failed = report.suites
      .flatMap((s) => s.specs)
      .filter((s) => !s.ok)
      .map((s) => `${s.title}: ${s.tests[0]?.results[0]?.error?.message ?? ''}`.slice(0, 600));
    expect(failed, stderr).toEqual([]);
    expect(report.stats.expected).toBe(SCENARIOS.length);
    expect(status).toBe(0);
  });
});
