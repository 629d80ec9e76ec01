// `npm run bench:replay`: replay into a real page (Chromium with the built extension; run
// `npm run build` first). A controller page connects to the tab like a panel and arms
// replays; the page reads them with a plain fetch reader.
// 1. Recorded pacing: 200 pieces at recorded offsets (10 ms apart, with jitter); prints the
//    median and p95 of |arrival − recorded offset| (goal: ≤ 5 ms).
// 2. Instant replay of a 100k-event run vs the same bytes from a loopback server, in the
//    same page, rounds alternating; prints median times and the median per-round ratio
//    (goal: ≤ 1.2x).
import type { Page } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchWithExtension } from '../harness/chromium.js';
import { startTestServer } from '../harness/pages/test-server.js';
import { ssePayload } from '../harness/pages/sse-payload.js';
import type { ReplayRun } from '../src/core/replay/types.js';
import { wireRun } from '../src/panel/replay/wire.js';
import type { Pacing } from '../src/core/replay/types.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

function bytesRun(body: Uint8Array, pieceBytes: number, at: (i: number) => number): ReplayRun {
  const chunks = [];
  for (let end = pieceBytes, i = 0; ; end += pieceBytes, i++) {
    chunks.push({ end: Math.min(end, body.length), at: at(i) });
    if (end >= body.length) break;
  }
  return { source: 'bench', status: 200, contentType: 'text/event-stream', body, chunks, events: [], idPatches: [] };
}

async function main(): Promise<void> {
  const server = await startTestServer();
  const launch = await launchWithExtension({ headless: true });
  try {
    const page = await launch.context.newPage();
    await page.goto(`${server.url}/pages/blank.html`);
    const sw = launch.context.serviceWorkers()[0] ?? (await launch.context.waitForEvent('serviceworker'));
    await page.bringToFront();
    const tabId = await sw.evaluate(async () => (await chrome.tabs.query({ active: true }))[0]?.id);
    const ctl = await launch.context.newPage();
    await ctl.goto(`chrome-extension://${launch.extensionId}/panel.html`);
    await ctl.evaluate((id) => {
      const port = chrome.runtime.connect({ name: `agui-panel:${id}` });
      (globalThis as unknown as { __port: chrome.runtime.Port }).__port = port;
      port.postMessage({ source: 'agui-inspector', v: 1, msg: { kind: 'hello', panelId: 'bench' } });
    }, tabId);
    let arms = 0;
    const arm = async (run: ReplayRun, pacing: Pacing): Promise<void> => {
      const msg = {
        kind: 'replay-arm',
        armId: `bench${++arms}`,
        ttlMs: 60_000,
        pattern: '',
        rewriteIds: false,
        step: false,
        runs: [wireRun(run, pacing)],
      };
      await ctl.evaluate(
        (m) =>
          (globalThis as unknown as { __port: chrome.runtime.Port }).__port.postMessage({
            source: 'agui-inspector',
            v: 1,
            msg: m,
          }),
        msg,
      );
      // The arm travels panel → service worker → relay → tap, with no acknowledgement (the
      // page must not see one): give it time, more for a big body.
      await page.waitForTimeout(300 + run.body.length / 2000);
      await page.bringToFront(); // a background tab's timers are throttled
    };

    // 1. Recorded pacing.
    let seed = 7;
    const jitter = (): number => (seed = (seed * 1103515245 + 12345) >>> 0) % 5;
    const offsets = Array.from({ length: 200 }, (_, i) => i * 10 + jitter());
    const small = new TextEncoder().encode(
      'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"x"}\n\n'.repeat(200),
    );
    const piece = small.length / 200;
    await arm(
      bytesRun(small, piece, (i) => offsets[i] ?? 0),
      { kind: 'recorded' },
    );
    const reads = await readTimes(page, '/agent');
    // A read may carry more than one piece: it is due when its last piece is.
    const first = reads[0];
    if (!first) throw new Error('nothing read');
    const due = (bytes: number): number => offsets[Math.round(bytes / piece) - 1] ?? 0;
    const errs = reads.map((r) => Math.abs(r.t - first.t - (due(r.bytes) - due(first.bytes))));
    console.log(
      `recorded pacing, ${offsets.length} pieces in ${reads.length} reads: |offset error| median ${median(errs).toFixed(2)} ms, p95 ${pct(errs, 0.95).toFixed(2)} ms (goal ≤ 5 ms)`,
    );

    // 2. Instant replay vs loopback.
    const body = new Uint8Array(ssePayload(EVENTS, 't', 'r', true));
    const big = bytesRun(body, 16_384, () => 0);
    // The baseline: the same bytes from a loopback server that writes them at once.
    const loopback = createServer((req, res) => {
      req.resume();
      req.on('end', () =>
        res.writeHead(200, { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' }).end(body),
      );
    });
    await new Promise<void>((r) => loopback.listen(0, '127.0.0.1', r));
    const loopUrl = `http://127.0.0.1:${(loopback.address() as AddressInfo).port}/agent`;
    const replayMs: number[] = [];
    const loopMs: number[] = [];
    const ratios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const loop = await readAll(page, loopUrl);
      await arm(big, { kind: 'instant' });
      const rep = await readAll(page, '/agent');
      if (rep.bytes !== body.length || loop.bytes !== body.length)
        throw new Error(`byte counts differ: ${rep.bytes} / ${loop.bytes} / ${body.length}`);
      if (r === 0) continue; // warm-up
      replayMs.push(rep.ms);
      loopMs.push(loop.ms);
      ratios.push(rep.ms / loop.ms);
    }
    loopback.close();
    console.log(
      `instant replay of ${EVENTS} events (${(body.length / 1e6).toFixed(1)} MB): replay ${median(replayMs).toFixed(1)} ms, loopback ${median(loopMs).toFixed(1)} ms, ratio ${median(ratios).toFixed(2)}x (goal ≤ 1.2x)`,
    );
  } finally {
    await launch.close();
    await server.close();
  }
}

/** POSTs a RunAgentInput and reads the body; returns each read's time and the bytes read by then. */
function readTimes(page: Page, url: string): Promise<{ t: number; bytes: number }[]> {
  return page.evaluate(async (u) => {
    const res = await fetch(u, {
      method: 'POST',
      headers: { accept: 'text/event-stream' },
      body: '{"threadId":"t","runId":"r","messages":[]}',
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const times: { t: number; bytes: number }[] = [];
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return times;
      bytes += value.byteLength;
      times.push({ t: performance.now(), bytes });
    }
  }, url);
}

function readAll(page: Page, url: string): Promise<{ ms: number; bytes: number }> {
  return page.evaluate(async (u) => {
    const t0 = performance.now();
    const res = await fetch(u, {
      method: 'POST',
      headers: { accept: 'text/event-stream' },
      body: '{"threadId":"t","runId":"r","messages":[]}',
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { ms: performance.now() - t0, bytes };
      bytes += value.byteLength;
    }
  }, url);
}

await main();
