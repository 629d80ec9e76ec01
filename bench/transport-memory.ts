// `npm run bench:transport`: memory of the capture path with DevTools open and the AG-UI
// panel never shown (the DevTools page keeps everything for it, under the session cap, its
// chunks as Blobs). Prints `bench:page` lines: the extension renderer's resident memory
// (DevTools page + service worker) before and after the page reads five 66 MB event
// streams (goal ≤ 150 MB after), the browser process's (where Chrome's Blob storage holds
// the kept bytes), and the page renderer's JS heap after them. Figures are process RSS
// from /proc (Linux only).
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { launchWithExtension } from '../harness/chromium.js';
import { startTestServer } from '../harness/pages/test-server.js';

const STREAMS = 5;
const MB = 1024 * 1024;
const dist = resolve(import.meta.dirname, '..', 'dist');

function cmdline(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function parentOf(pid: string): string | undefined {
  try {
    return /^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

function rssBytes(pid: string): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The extension renderer(s) of the browser that loaded our dist/ (other browsers may run). */
function extensionProcesses(): string[] {
  const pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  const browsers = new Set(
    pids.filter((p) => cmdline(p).includes(`--load-extension=${dist}`) && !cmdline(p).includes('--type=')),
  );
  const under = (pid: string): boolean => {
    for (let p: string | undefined = pid, i = 0; p && i < 8; p = parentOf(p), i++) if (browsers.has(p)) return true;
    return false;
  };
  return pids.filter((p) => cmdline(p).includes('--extension-process') && under(p));
}

const extensionRss = (): number => extensionProcesses().reduce((n, p) => n + rssBytes(p), 0);

/** The browser process itself (Blob storage lives there). */
function browserRss(): number {
  const pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  return pids
    .filter((p) => cmdline(p).includes(`--load-extension=${dist}`) && !cmdline(p).includes('--type='))
    .reduce((n, p) => n + rssBytes(p), 0);
}

async function poll<T>(fn: () => T | undefined | Promise<T | undefined>, what: string, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200)); // polling interval
  }
}

async function pageHeap(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

async function main(): Promise<void> {
  const server = await startTestServer();
  const ext = await launchWithExtension({ headless: true, devtools: true });
  try {
    const page = ext.context.pages().find((p) => !p.url().startsWith('devtools://')) ?? (await ext.context.newPage());
    await page.goto(`${server.url}/pages/blank.html`);
    // DevTools opens with the tab; its DevTools page connects at once.
    await poll(
      () =>
        ext.context.pages().some((p) => p.frames().some((f) => f.url().endsWith('/devtools.html'))) ? true : undefined,
      'the DevTools page',
    );
    await poll(() => (extensionProcesses().length > 0 ? true : undefined), 'the extension process');
    const before = extensionRss();
    const browserBefore = browserRss();
    for (let i = 0; i < STREAMS; i++) {
      await page.evaluate(async () => {
        const res = await fetch('/big-es?n=66&size=1048576');
        const reader = (res.body as ReadableStream<Uint8Array>).getReader();
        while (!(await reader.read()).done);
      });
    }
    const after = extensionRss();
    const browserAfter = browserRss();
    const heap = await pageHeap(page);
    // The DevTools page's own JS heap after a GC: what the hand-off buffer really holds.
    const devtools = ext.context.pages().find((p) => p.frames().some((f) => f.url().endsWith('/devtools.html')));
    const frame = devtools?.frames().find((f) => f.url().endsWith('/devtools.html'));
    let devtoolsHeap = Number.NaN;
    if (devtools && frame) {
      const cdp = await devtools.context().newCDPSession(frame);
      await cdp.send('HeapProfiler.collectGarbage');
      devtoolsHeap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
      await cdp.detach();
    }
    const afterGc = extensionRss();
    console.log(
      `bench:page transport.extension-rss devtools-open panel-never-shown before ${(before / MB).toFixed(0)} MB`,
    );
    console.log(
      `bench:page transport.extension-rss after ${STREAMS} × 66 MB streams ${(after / MB).toFixed(0)} MB (goal ≤ 150 MB) ${after <= 150 * MB ? 'ok' : 'OVER'}`,
    );
    console.log(
      `bench:page transport.extension-rss after a GC in the DevTools page ${(afterGc / MB).toFixed(0)} MB; its JS heap ${(devtoolsHeap / MB).toFixed(1)} MB`,
    );
    console.log(
      `bench:page transport.browser-rss (Blob storage) before ${(browserBefore / MB).toFixed(0)} MB, after ${(browserAfter / MB).toFixed(0)} MB`,
    );
    console.log(`bench:page transport.page-heap after ${STREAMS} × 66 MB streams ${(heap / MB).toFixed(1)} MB`);
  } finally {
    await ext.close();
    await server.close();
  }
}

await main();
