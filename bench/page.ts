// `npm run bench:page`: what the tap costs the page. Two Chromium instances side by side,
// one with the built extension (no DevTools open: the normal case) and one without, take
// turns consuming the same 1.5 MB / 20k-event AG-UI stream, by a raw fetch reader and by
// the real @ag-ui/client HttpAgent. Prints median times and the median of per-round
// ratios (goal ≤ 1.05x), then the 200 MB part (./page-rounds.ts: no extension, the same
// again as an A/A control, the extension with no panel, with a panel open, and the Blob
// floor, in rotating turns, with a VERDICT line per goal), then the extra renderer heap per
// open (held) stream.
import { chromium, type Page } from '@playwright/test';
import { build, mergeConfig } from 'vite';
import { shared } from '../vite.config.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findChromium, launchWithExtension, QUIET_ARGS } from '../harness/chromium.js';
import { startTestServer } from '../harness/pages/test-server.js';
import { connectPanel, startBigStreamServer } from './page-panel.js';
import { runRounds } from './page-rounds.js';
import { median } from './paired.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
// One HttpAgent run of 20k events takes seconds (the client's own per-event work), so fewer rounds.
const AGENT_ROUNDS = Number(process.env.BENCH_AGENT_ROUNDS ?? 5);
const WARMUP = 2;
// Chromium allows 6 connections per host: held streams spread over hosts mapped to loopback.
const HOSTS_ARG = '--host-resolver-rules=MAP *.bench.test 127.0.0.1';
const OPEN_STREAMS = 50;
const BIG_MB = Number(process.env.BENCH_BIG_MB ?? 200);
// 40 rounds of 5 setups (four times the design's 10 orders): about 2–4 min on a 2-core
// machine (see docs/performance.md); BENCH_BIG_ROUNDS=120 narrows the intervals further.
const BIG_ROUNDS = Number(process.env.BENCH_BIG_ROUNDS ?? 40);
const BIG_WARMUP = 1;
// BENCH_PAGE_ONLY=big: only the 200 MB lines (the 1.5 MB and heap lines take several minutes).
const ONLY_BIG = process.env.BENCH_PAGE_ONLY === 'big';
const root = resolve(import.meta.dirname, '..');

async function bundleAgentPage(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'agui-bench-'));
  await build(
    mergeConfig(shared, {
      configFile: false,
      logLevel: 'warn',
      publicDir: false,
      build: {
        outDir: out,
        emptyOutDir: true,
        minify: true,
        lib: {
          entry: resolve(root, 'harness/pages/agent-entry.ts'),
          formats: ['iife'],
          name: 'benchAgent',
          fileName: () => 'agent.js',
        },
      },
    }),
  );
  const js = readFileSync(join(out, 'agent.js'), 'utf8');
  rmSync(out, { recursive: true, force: true });
  return js;
}

function rawRead(page: Page, url: string): Promise<{ ms: number; bytes: number; events: number; chunks: number }> {
  return page.evaluate(async (u) => {
    const t0 = performance.now();
    const res = await fetch(u, { method: 'POST', body: JSON.stringify({ threadId: 't', runId: 'r', messages: [] }) });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const dec = new TextDecoder();
    let bytes = 0;
    let events = 0;
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      bytes += value.byteLength;
      events += dec.decode(value, { stream: true }).split('\n\n').length - 1;
    }
    return { ms: performance.now() - t0, bytes, events, chunks };
  }, url);
}

/** What harness/pages/agent-entry.ts puts on the page's window. */
interface BenchAgentWindow {
  runBenchAgent(url: string): Promise<{ ms: number; events: number }>;
}

function agentRun(page: Page, url: string): Promise<{ ms: number; events: number }> {
  return page.evaluate((u) => (window as unknown as BenchAgentWindow).runBenchAgent(u), url);
}

/** Used JS heap of the page's renderer isolate (main and isolated worlds), after GC. */
async function heap(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

async function heldStreamsCost(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/pages/blank.html`);
  const before = await heap(page);
  const port = new URL(base).port;
  await page.evaluate(
    async ([n, port]) => {
      const keep: unknown[] = [];
      (window as unknown as { held: unknown[] }).held = keep;
      for (let i = 0; i < n; i++) {
        const res = await fetch(`http://h${Math.floor(i / 5)}.bench.test:${port}/hold?id=bench-${i}-${Math.random()}`);
        const reader = (res.body as ReadableStream<Uint8Array>).getReader();
        await reader.read();
        keep.push(res, reader);
      }
    },
    [OPEN_STREAMS, port] as const,
  );
  const after = await heap(page);
  return (after - before) / OPEN_STREAMS;
}

async function smallStreams(page: Record<'with' | 'without', Page>, url: string): Promise<void> {
  const probe = await rawRead(page.with, url);
  console.log(
    `stream: ${(probe.bytes / 1e6).toFixed(2)} MB, ${probe.events} events in ${probe.chunks} reads; ${ROUNDS} (HttpAgent: ${AGENT_ROUNDS}) rounds after ${WARMUP} warm-up, taking turns`,
  );
  for (const [label, run, rounds] of [
    ['raw fetch reader', (p: Page) => rawRead(p, url), ROUNDS],
    ['HttpAgent', (p: Page) => agentRun(p, url), AGENT_ROUNDS],
  ] as const) {
    const times = { with: [] as number[], without: [] as number[] };
    const ratios: number[] = [];
    for (let i = 0; i < WARMUP + rounds; i++) {
      // Alternate who goes first so neither always runs on a warmer machine.
      const order = i % 2 ? (['with', 'without'] as const) : (['without', 'with'] as const);
      const r: Record<string, number> = {};
      for (const who of order) r[who] = (await run(page[who])).ms;
      if (i < WARMUP) continue;
      times.with.push(r.with as number);
      times.without.push(r.without as number);
      ratios.push((r.with as number) / (r.without as number));
    }
    console.log(
      `${label.padEnd(17)} with ${median(times.with).toFixed(1)} ms, without ${median(times.without).toFixed(1)} ms, ` +
        `median ratio ${median(ratios).toFixed(3)}x (goal ≤ 1.05x)`,
    );
  }
}

async function main(): Promise<void> {
  const agentJs = await bundleAgentPage();
  const server = await startTestServer({
    'agent.js': agentJs,
    'bench.html': '<!doctype html><meta charset="utf-8"><title>bench</title><script src="/pages/agent.js"></script>',
  });
  // BENCH_EXTENSION_DIR: another build to compare (e.g. an older commit's dist/).
  const ext = await launchWithExtension({
    headless: true,
    args: [HOSTS_ARG],
    extensionDir: process.env.BENCH_EXTENSION_DIR,
  });
  const bare = await chromium.launch({ executablePath: findChromium(), args: [...QUIET_ARGS, HOSTS_ARG] });
  try {
    const withExt = ext.context.pages()[0] ?? (await ext.context.newPage());
    const without = await (await bare.newContext()).newPage();
    const page = { with: withExt, without };
    await Promise.all([withExt.goto(`${server.url}/pages/bench.html`), without.goto(`${server.url}/pages/bench.html`)]);
    const url = `${server.url}/agent?events=20000`;
    if (!ONLY_BIG) await smallStreams(page, url);
    const big = await startBigStreamServer();
    try {
      // The panel-open setup has a tab of its own, so the setups can take turns.
      const panelTab = await ext.context.newPage();
      await panelTab.goto(`${server.url}/pages/bench.html`);
      const panelStats = await connectPanel(ext, panelTab);
      await runRounds(
        {
          plain: { page: without, browser: 'without' },
          again: { page: without, browser: 'without' },
          ext: { page: withExt, browser: 'with' },
          panel: { page: panelTab, browser: 'with' },
          floor: { page: without, browser: 'without' },
        },
        `${big.url}/big?mb=${BIG_MB}`,
        BIG_ROUNDS,
        BIG_WARMUP,
        BIG_MB,
      );
      const seen = await panelStats();
      console.log(
        `  the panel got ${seen.messages} messages, ${(seen.chars / 1e6).toFixed(0)} M chars (text, base64) or bytes (Blobs)`,
      );
    } finally {
      await big.close();
    }
    if (ONLY_BIG) return;
    const [a, b] = [await heldStreamsCost(withExt, server.url), await heldStreamsCost(without, server.url)];
    console.log(
      `extra heap per open stream (${OPEN_STREAMS} held): ${((a - b) / 1024).toFixed(1)} KB (with ${(a / 1024).toFixed(1)} KB, without ${(b / 1024).toFixed(1)} KB)`,
    );
  } finally {
    await ext.close();
    await bare.close();
    await server.close();
  }
}

await main();
