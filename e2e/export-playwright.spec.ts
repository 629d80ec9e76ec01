// `agui-inspector export --as playwright`: the generated module, used from a Playwright
// test, makes the demo app render a recorded run with no agent running — the app's
// static files are served, and the run request is answered by page.route alone.
import { expect, type Browser, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveStatic } from '../demo/static-files.js';
import { test } from './worker-fixtures.js';
import { main } from '../src/cli/main.js';

interface RecordingModule {
  routeAguiRecording(page: Page, options?: { url?: string | RegExp }): Promise<{ readonly served: string[] }>;
}

const root = resolve(import.meta.dirname, '..');
let browser: Browser;
let server: Server;
let origin: string;
const reachedServer: string[] = [];

async function exportModule(file: string): Promise<RecordingModule> {
  const out = resolve(mkdtempSync(resolve(tmpdir(), 'agui-export-')), 'recorded.mjs');
  const code = await main(['export', resolve(root, file), '--as', 'playwright', '-o', out], {
    stdout: () => undefined,
    stderr: () => undefined,
    readFile: async (p) => new Uint8Array(readFileSync(p)),
    writeFile: async (p, data) => writeFileSync(p, data),
    color: false,
  });
  expect(code).toBe(0);
  return (await import(pathToFileURL(out).href)) as RecordingModule;
}

test.beforeAll(async ({ browser: shared }) => {
  // Only the app's files: no agent behind /agent.
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    reachedServer.push(`${req.method ?? ''} ${url.pathname}`);
    if (req.method !== 'GET') res.writeHead(503).end('no agent here');
    else void serveStatic(res, url.pathname);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = shared;
});

test.afterAll(async () => {
  await new Promise((done) => server?.close(done));
});

test('the demo app renders a recorded run served by the exported module', async () => {
  const recording = await exportModule('test/fixtures/demo/backend-tool.sse');
  const page = await browser.newPage();
  const { served } = await recording.routeAguiRecording(page);
  await page.goto(origin);
  await page.selectOption('#scenario', 'backend-tool');
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(page.locator('#chat .msg.assistant').first()).toContainText(
    'Let me check the weather service for Lisbon.',
  );
  await expect(page.locator('.call .name')).toContainText(['get_weather']);
  expect(served).toEqual([expect.stringMatching(/backend-tool\.sse#1$/)]);
  expect(reachedServer.filter((r) => !r.startsWith('GET '))).toEqual([]);
  await page.close();
});

test('a protobuf recording is served with its media type and rendered', async () => {
  const recording = await exportModule('test/fixtures/demo/protobuf.bin');
  const page = await browser.newPage();
  await recording.routeAguiRecording(page);
  await page.goto(origin);
  await page.selectOption('#scenario', 'protobuf');
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(page.locator('.call .name')).toContainText(['find_table']);
  await page.close();
});

test("a two-run recording answers the app's two requests in order", async () => {
  const recording = await exportModule('test/fixtures/frontend-round-trip.har');
  const page = await browser.newPage();
  const { served } = await recording.routeAguiRecording(page);
  await page.goto(origin);
  await page.selectOption('#scenario', 'frontend-round-trip');
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(page.locator('#status')).toHaveAttribute('data-runs', '2');
  expect(served).toEqual([expect.stringMatching(/#1$/), expect.stringMatching(/#2$/)]);
  await page.close();
});
