// HARs recorded by Playwright itself (recordHar) read by `lint` and `print` (with the time to
// response headers from the entries' timings): bodies embedded, attached as files next to the
// HAR, or zipped with it, and a stream cut off before its end
// (recorded with no body: a capture/body-not-recorded finding of its file, not exit 2 for
// the run). A loopback SSE server answers /agent in full, with one event out of place so
// its finding proves the body was read, and cuts /cut after its first event.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { expect, type Browser } from '@playwright/test';
import { main } from '../src/cli/main.js';
import { test } from './worker-fixtures.js';

const ev = (event: Record<string, unknown>) => `data: ${JSON.stringify(event)}\n\n`;
const STARTED = { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' };

let server: Server;
let origin = '';
const dir = mkdtempSync(resolve(tmpdir(), 'agui-pw-har-'));

test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>');
      return;
    }
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(ev(STARTED));
      if (req.url === '/cut') {
        setTimeout(() => res.destroy(), 50);
        return;
      }
      res.write(ev({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'no start' }));
      res.end(ev({ type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => server?.close(done));
});

async function record(browser: Browser, file: string, content?: 'embed' | 'attach' | 'omit'): Promise<string> {
  const path = resolve(dir, file);
  const context = await browser.newContext({ recordHar: { path, ...(content !== undefined ? { content } : {}) } });
  const page = await context.newPage();
  await page.goto(origin);
  const run = (url: string) =>
    page.evaluate(async (u) => {
      try {
        const r = await fetch(u, {
          method: 'POST',
          headers: { accept: 'text/event-stream' },
          body: '{"threadId":"t1"}',
        });
        return (await r.text()).length;
      } catch {
        return -1;
      }
    }, url);
  expect(await run('/agent')).toBeGreaterThan(0);
  expect(await run('/cut')).toBe(-1);
  await context.close();
  return path;
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(argv: string[]): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readFile: async (p) => new Uint8Array(readFileSync(p)),
    color: false,
  });
  return { code, stdout, stderr };
}

interface LintJson {
  findings: { rule: string; message: string }[];
  summary: { files: number };
}

const rules = (r: Ran) => (JSON.parse(r.stdout) as LintJson).findings.map((f) => f.rule).sort();

for (const [file, content] of [
  ['embed.har', 'embed'],
  ['attach.har', 'attach'],
  ['zipped.zip', undefined],
] as const) {
  test(`${file}: the full stream is linted, the cut-off one is a finding of the file`, async ({ browser }) => {
    const har = await record(browser, file, content);
    const r = await cli(['lint', '--format', 'json', har]);
    expect(r.code).toBe(1);
    expect(rules(r)).toEqual(['capture/body-not-recorded', 'text-message/not-open']);
    const cut = (JSON.parse(r.stdout) as LintJson).findings.find((f) => f.rule === 'capture/body-not-recorded');
    expect(cut?.message).toMatch(/\/cut: .*cut off \(net::ERR_/);
    const printed = await cli(['print', har]);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toMatch(/thread="t1" run="r1" status=finished/);
    // Playwright's timings (HAR 1.2) give the time from the request to the response headers.
    expect(printed.stdout).toMatch(/\/agent sse status=200 "text\/event-stream" to-headers=\d+ms\n/);
  });
}

test("content 'omit': each stream is a finding, and the other files are still judged", async ({ browser }) => {
  const omitted = await record(browser, 'omit.har', 'omit');
  const embedded = await record(browser, 'embed-too.har', 'embed');
  const r = await cli(['lint', '--format', 'json', omitted, embedded]);
  expect(r.code).toBe(1);
  expect((JSON.parse(r.stdout) as LintJson).summary.files).toBe(2);
  expect(rules(r)).toEqual([
    'capture/body-not-recorded',
    'capture/body-not-recorded',
    'capture/body-not-recorded',
    'text-message/not-open',
  ]);
  expect(r.stderr).toMatch(/in Playwright, recordHar with content 'embed' or 'attach'/);
});
