// The `agui-inspector/playwright` fixture against the demo app, in plain Chromium without
// the extension: the tap arrives as an init script; findings, the session export and the
// matcher work; a fast multi-megabyte run arrives whole; a failing test gets the session
// attached (checked in a second Playwright process's JSON report).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { startTestServer } from '../harness/pages/test-server.js';
import { expect } from '../src/playwright/index.js';
import { test } from './worker-fixtures.js';

const root = resolve(import.meta.dirname, '..');
let server: DemoServer;

test.beforeAll(async () => {
  server = await startDemoServer({ delayMs: 0 });
});

test.afterAll(async () => {
  await server?.close();
});

async function runScenario(page: import('@playwright/test').Page, name: string): Promise<void> {
  await page.goto(server.url);
  await page.selectOption('#scenario', name);
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', /^(done|error)$/, { timeout: 30_000 });
}

test('a clean run: no error findings, and the session export holds the stream', async ({ page, agui }) => {
  await runScenario(page, 'backend-tool');
  await expect(agui).toHaveNoAguiErrors();
  expect(await agui.findings({ minSeverity: 'error' })).toEqual([]);
  const session = JSON.parse(await agui.session()) as { format: string; streams: { open: { url: string } }[] };
  expect(session.format).toBe('agui-inspector-session');
  expect(session.streams.map((s) => s.open.url)).toEqual([`${server.url}/agent`]);
});

test('a violation: the matcher fails naming the rule and the client verdict', async ({ page, agui }) => {
  await runScenario(page, 'reopen-renamed');
  const rules = (await agui.findings()).map((f) => f.rule);
  expect(rules).toContain('tool-call/reopen-name-mismatch');
  let message = '';
  try {
    await expect(agui).toHaveNoAguiErrors();
  } catch (e) {
    message = e instanceof Error ? e.message : String(e);
  }
  expect(message).toContain('tool-call/reopen-name-mismatch');
  expect(message).toMatch(/official @ag-ui\/client/);
});

test('a fast 5 MB run arrives whole: the fixture watches live, so the tap neither holds nor cuts it', async ({
  page,
  agui,
}) => {
  const big = await startTestServer();
  try {
    await page.goto(`${big.url}/pages/blank.html`);
    // ~75 bytes an event, written 16 kB a tick: more than the tap holds for a tab nobody
    // watches (2 MB), gathered into transferred batches the fixture must split back.
    const bytes = await page.evaluate(async () => {
      const res = await fetch('/agent?events=70000', {
        method: 'POST',
        body: JSON.stringify({ threadId: 'big', runId: 'big-1', messages: [] }),
      });
      return (await res.arrayBuffer()).byteLength;
    });
    expect(bytes).toBeGreaterThan(5 * 1024 * 1024);
    const runs = await agui.waitForRuns();
    expect(runs.map((r) => [r.runId, r.status])).toEqual([['big-1', 'finished']]);
    await expect(agui).toHaveNoAguiErrors();
    const session = JSON.parse(await agui.session()) as { streams: { bytes?: number; end?: { reason: string } }[] };
    expect(session.streams.map((s) => s.end?.reason)).toEqual(['complete']);
  } finally {
    await big.close();
  }
});

interface JsonReport {
  suites: {
    specs: {
      title: string;
      tests: {
        results: {
          status: string;
          errors: { message?: string }[];
          attachments: { name: string; path?: string; body?: string }[];
        }[];
      }[];
    }[];
  }[];
}

/** A second Playwright process (async: the demo server lives in this one). */
function runFixtureProject(out: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    [
      resolve(root, 'node_modules/@playwright/test/cli.js'),
      'test',
      '-c',
      'e2e/fixture-project/playwright.config.ts',
      '--reporter=json',
    ],
    {
      cwd: root,
      env: { ...process.env, AGUI_DEMO_URL: server.url, AGUI_FIXTURE_OUT: out },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((done) => child.on('close', (status) => done({ status, stdout, stderr })));
}

test('a failing test gets the session export attached; a clean one passes', async () => {
  test.setTimeout(120_000);
  const r = await runFixtureProject(mkdtempSync(resolve(tmpdir(), 'agui-fixture-')));
  expect(r.status, r.stderr).toBe(1);
  const report = JSON.parse(r.stdout) as JsonReport;
  type Suite = JsonReport['suites'][number] & { suites?: Suite[] };
  const specsOf = (s: Suite): Suite['specs'] => [...s.specs, ...(s.suites ?? []).flatMap(specsOf)];
  const results = new Map(
    (report.suites as Suite[]).flatMap(specsOf).map((spec) => [spec.title, spec.tests[0]!.results[0]!]),
  );
  expect(results.get('clean scenario')?.status).toBe('passed');
  expect(results.get('clean scenario')?.attachments.map((a) => a.name)).not.toContain('agui-session.json');
  const failed = results.get('violating scenario')!;
  expect(failed.status).toBe('failed');
  expect(failed.errors.map((e) => e.message ?? '').join('\n')).toContain('tool-call/reopen-name-mismatch');
  const attachment = failed.attachments.find((a) => a.name === 'agui-session.json');
  // Attached from memory: the JSON reporter carries the body as base64.
  expect(attachment?.body).toBeDefined();
  const session = JSON.parse(Buffer.from(attachment!.body!, 'base64').toString('utf8')) as {
    format: string;
    findings: { rule: string }[];
  };
  expect(session.format).toBe('agui-inspector-session');
  expect(session.findings.map((f) => f.rule)).toContain('tool-call/reopen-name-mismatch');
  // The HAR (the viewer's and lint's input) holds the run; the summary names the rule.
  const har = JSON.parse(
    Buffer.from(failed.attachments.find((a) => a.name === 'agui-session.har')!.body!, 'base64').toString('utf8'),
  ) as { log: { entries: { request: { url: string }; response: { content: { text?: string } } }[] } };
  expect(har.log.entries.map((e) => e.request.url)).toEqual([expect.stringMatching(/\/agent$/)]);
  expect(har.log.entries[0]!.response.content.text).toContain('RUN_STARTED');
  const summary = Buffer.from(failed.attachments.find((a) => a.name === 'agui-findings.txt')!.body!, 'base64');
  expect(summary.toString('utf8')).toMatch(/^AG-UI: 1 run\(s\), [1-9]\d* error\(s\)/);
  expect(summary.toString('utf8')).toContain('ERROR tool-call/reopen-name-mismatch');
  // allow, rules and toHaveAguiFinding let the violating run pass; 'on' attaches a passing test.
  expect(results.get('an allowed finding and toHaveAguiFinding pass on the violating scenario')?.status).toBe('passed');
  const always = results.get('a passing test attached');
  expect(always?.status).toBe('passed');
  expect(always?.attachments.map((a) => a.name)).toEqual([
    'agui-session.har',
    'agui-session.json',
    'agui-findings.txt',
  ]);
});
