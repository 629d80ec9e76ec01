// `agui-inspector view FILE`: the panel's viewer as a plain web page from a loopback server,
// in real Chromium with no extension — the runs and findings of a HAR are shown, nothing
// asks for extension APIs, and other origins cannot read the file.
import { expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { main } from '../src/cli/main.js';
import { test } from './worker-fixtures.js';

const root = resolve(import.meta.dirname, '..');

/** A GET with any headers (fetch will not send a forged Host); resolves with the status. */
function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((done, fail) => {
    request(url, { headers }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    })
      .on('error', fail)
      .end();
  });
}

/** Runs `view` in-process; resolves with its URLs once it prints them, and a stop. */
async function startView(files: string[]) {
  let stop: () => void = () => undefined;
  let out = '';
  let printed: (urls: string[]) => void = () => undefined;
  const urls = new Promise<string[]>((done) => (printed = done));
  const opened: string[] = [];
  const exit = main(['view', ...files.map((f) => resolve(root, f))], {
    stdout: (t) => {
      out += t;
      printed(
        out
          .trim()
          .split('\n')
          .map((line) => line.split('  ')[0]!),
      );
    },
    stderr: () => undefined,
    readFile: async (p) => new Uint8Array(readFileSync(p)),
    color: false,
    viewerDir: resolve(root, 'dist-viewer'),
    openUrl: async (url) => void opened.push(url),
    untilStopped: () => new Promise<void>((done) => (stop = done)),
  });
  return { urls: await urls, opened, stop: async () => (stop(), await exit) };
}

test('shows the runs and findings of a HAR, without the extension', async ({ page, context }) => {
  const view = await startView(['test/fixtures/frontend-round-trip.har', 'test/fixtures/demo/backend-tool.sse']);
  const [first, second] = view.urls;
  expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\/$/);
  expect(second).toBe(`${first}?file=2`);
  expect(view.opened).toEqual([first]);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  await page.goto(first!);
  await expect(page.getByRole('status', { name: 'Notice' })).toContainText('Imported frontend-round-trip.har as har');
  const lanes = page.getByRole('listbox', { name: 'Timeline lanes' });
  await expect(lanes.getByRole('option', { name: /Run run-trip-1, thread thread-trip/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Findings (2)' })).toBeVisible();
  await page.getByRole('tab', { name: /Findings/ }).click();
  const findings = page.getByRole('listbox', { name: 'Findings' });
  await expect(findings).toContainText('declined the booking');
  await page.screenshot({ path: test.info().outputPath('view-har.png') });
  await page.goto(second!);
  await expect(page.getByRole('status', { name: 'Notice' })).toContainText('Imported backend-tool.sse');
  expect(errors).toEqual([]);

  // Another page on this machine may not read the file, nor a rebinding host name.
  const other = await context.newPage();
  await other.goto('about:blank');
  const fromElsewhere = await other.evaluate(async (url) => {
    try {
      return (await fetch(`${url}files.json`)).status;
    } catch {
      return 'blocked';
    }
  }, first!);
  expect(fromElsewhere).not.toBe(200);
  const port = new URL(first!).port;
  expect(await statusOf(`${first}files.json`, {})).toBe(200);
  expect(await statusOf(`${first}files.json`, { Host: `evil.example:${port}` })).toBe(403);
  expect(await statusOf(`${first}files.json`, { Origin: 'http://localhost:3000' })).toBe(403);
  expect(await statusOf(`http://127.0.0.1:${port}/files.json`, {})).toBe(404);
  expect(await view.stop()).toBe(0);
});
