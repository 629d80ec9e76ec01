// `npm run bench:panel-memory`: the panel's memory while 1 GB streams through it. The
// built extension, a page, and the real panel (panel.html connected to the page's tab):
// the page reads 8 fetch streams and 8 EventSource streams of 64 MB each (AG-UI runs:
// text deltas, or one big message per event), one after another. After each, the panel's
// JS heap (after a GC) is sampled. Prints `bench:panel` lines: the peak against the
// session cap (goal: under it; older runs are evicted instead), what capture health says
// was evicted, and whether anything crashed. BENCH_KINDS=es (or fetch) runs one kind only;
// BENCH_CAP_MB=256 (one of the toolbar's choices) sets the cap as the user's setting does.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { LIMITS } from '../src/bridge/messages.js';
import { launchWithExtension } from '../harness/chromium.js';

const MB = 1024 * 1024;
const STREAM_MB = Number(process.env['BENCH_STREAM_MB'] ?? 64);
const EACH = Number(process.env['BENCH_STREAMS'] ?? 8);
const CAP_MB = process.env['BENCH_CAP_MB'] === undefined ? undefined : Number(process.env['BENCH_CAP_MB']);
const KINDS = (process.env['BENCH_KINDS'] ?? 'fetch,es')
  .split(',')
  .filter((k): k is 'fetch' | 'es' => k === 'fetch' || k === 'es');

/** One AG-UI run of about `mb` MB as SSE frames; EventSource frames carry 1 MB deltas. */
async function writeRun(res: ServerResponse, n: number, mb: number, delta: number): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' });
  const w = async (e: object): Promise<void> => {
    if (!res.write(`data: ${JSON.stringify(e)}\n\n`)) await new Promise<void>((r) => res.once('drain', () => r()));
  };
  await w({ type: 'RUN_STARTED', threadId: `t${n}`, runId: `r${n}` });
  await w({ type: 'TEXT_MESSAGE_START', messageId: `m${n}`, role: 'assistant' });
  const text = 'y'.repeat(delta);
  for (let sent = 0; sent < (mb - 0.01) * MB && !res.destroyed; sent += delta + 60)
    await w({ type: 'TEXT_MESSAGE_CONTENT', messageId: `m${n}`, delta: text });
  await w({ type: 'TEXT_MESSAGE_END', messageId: `m${n}` });
  await w({ type: 'RUN_FINISHED', threadId: `t${n}`, runId: `r${n}` });
  res.end();
}

const server = createServer((req, res) => {
  const u = new URL(req.url ?? '/', 'http://x');
  const n = Number(u.searchParams.get('n') ?? 0);
  if (u.pathname === '/blank') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>');
  if (u.pathname === '/fetch') return void writeRun(res, n, STREAM_MB, 4096).catch(() => res.destroy());
  if (u.pathname === '/es') return void writeRun(res, n, STREAM_MB, MB).catch(() => res.destroy());
  res.writeHead(404).end();
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function heapMb(p: Page): Promise<number> {
  const cdp = await p.context().newCDPSession(p);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / MB;
}

const ext = await launchWithExtension({ headless: true });
try {
  const page = ext.context.pages()[0] ?? (await ext.context.newPage());
  await page.goto(`${base}/blank`);
  const sw = ext.context.serviceWorkers()[0] ?? (await ext.context.waitForEvent('serviceworker'));
  await page.bringToFront();
  const tabId = await sw.evaluate(
    async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id,
  );
  const panel = await ext.context.newPage();
  await panel.goto(`chrome-extension://${ext.extensionId}/panel.html?tabId=${tabId}`);
  if (CAP_MB !== undefined) {
    // The panel's remembered setting (what the toolbar's Cap select writes), then a fresh panel.
    await panel.evaluate(
      (mb) => localStorage.setItem('agui-inspector.panel.settings', JSON.stringify({ sessionCapMb: mb })),
      CAP_MB,
    );
    await panel.reload();
  }
  await page.bringToFront();
  let peak = await heapMb(panel);
  const start = peak;
  let crashed = '';
  const samples: number[] = [];
  panel.on('crash', () => (crashed ||= 'the panel crashed'));
  page.on('crash', () => (crashed ||= 'the page crashed'));
  const t0 = performance.now();
  for (let i = 0; i < EACH && !crashed; i++) {
    for (const kind of KINDS) {
      const url = `${base}/${kind}?n=${i * 2 + (kind === 'es' ? 1 : 0)}`;
      await page.evaluate(
        async ([u, k]) => {
          if (k === 'fetch') {
            const reader = ((await fetch(u!)).body as ReadableStream<Uint8Array>).getReader();
            while (!(await reader.read()).done);
            return;
          }
          await new Promise<void>((done) => {
            const es = new EventSource(u!);
            es.onerror = () => (es.close(), done()); // the server ends the run: EventSource reports an error
          });
        },
        [url, kind] as const,
      );
      const now = await heapMb(panel);
      samples.push(Math.round(now));
      peak = Math.max(peak, now);
    }
  }
  const total = (EACH * KINDS.length * STREAM_MB) / 1024;
  const cap = CAP_MB ?? LIMITS.sessionBytes / MB;
  const alive = crashed === '' && (await panel.evaluate(() => document.title).catch(() => '')) !== '';
  console.log(
    `bench:panel panel.heap ${total.toFixed(2)} GB through ${KINDS.map((k) => (k === 'es' ? 'EventSource' : k)).join(' and ')} (${EACH * KINDS.length} × ${STREAM_MB} MB): ` +
      `peak ${peak.toFixed(0)} MB (from ${start.toFixed(0)} MB; session cap ${cap} MB: ${peak < cap ? 'ok, under it' : 'OVER'}) in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  console.log(`bench:panel panel.heap after each stream (MB): ${samples.join(' ')}`);
  const health = await panel
    .evaluate(() => document.querySelector('[aria-label="Capture health"]')?.getAttribute('title') ?? '')
    .catch(() => '');
  const evicted = health.split('; ').filter((l) => /evicted|session cap|stopped/.test(l));
  console.log(`bench:panel panel.health ${evicted.join('; ') || 'nothing evicted'}`);
  console.log(
    `bench:panel panel.alive ${alive ? 'ok: the panel and the page answered after it all' : `NO: ${crashed || 'no answer'}`}`,
  );
} finally {
  await ext.close();
  server.closeAllConnections();
  server.close();
}
