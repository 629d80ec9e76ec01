// The page's cost of a big stream while a panel is connected (issue goal: a 200 MB
// stream ≤ 1.3x the page's time without the extension). A panel-like listener (an
// extension page on the tab's panel port, counting messages, keeping nothing) makes the
// relay forward everything live; the page reads the stream with a plain reader. Timed
// in turns against a browser without the extension; prints medians and the ratio.
import type { Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExtensionLaunch } from '../scripts/chromium.js';
import { addRound, median, paired } from './paired.js';
import { mainThreadCpu } from './page-trace.js';
import { cpuDelta, procCpuProbe, type ProcKind } from './proc-cpu.js';

const CHUNK = 64 * 1024;

/** Serves /big?mb=N: N MB of AG-UI TEXT_MESSAGE_CONTENT events in 64 KB writes, CORS open. */
export async function startBigStreamServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const event = `data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"${'x'.repeat(200)}"}\n\n`;
  const block = Buffer.from(event.repeat(Math.ceil(CHUNK / event.length)).slice(0, CHUNK));
  const server: Server = createServer((req, res) => {
    const mb = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('mb') ?? 1);
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    });
    let left = Math.round((mb * 1024 * 1024) / CHUNK);
    const pump = (): void => {
      while (left > 0) {
        left--;
        if (!res.write(block)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/** Opens an extension page that listens on the tab's panel port like a panel would. */
export async function connectPanel(
  ext: ExtensionLaunch,
  page: Page,
): Promise<() => Promise<{ messages: number; chars: number }>> {
  const sw = ext.context.serviceWorkers()[0] ?? (await ext.context.waitForEvent('serviceworker'));
  await page.bringToFront();
  const tabId = await sw.evaluate(
    async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id,
  );
  const panel = await ext.context.newPage();
  await panel.goto(`chrome-extension://${ext.extensionId}/panel.html`); // offline mode: no connection of its own
  await panel.evaluate((id) => {
    const stats = { messages: 0, chars: 0 };
    (globalThis as unknown as { __stats: typeof stats }).__stats = stats;
    const port = chrome.runtime.connect({ name: `agui-panel:${id}` });
    port.onMessage.addListener((m: { msg?: { base64?: string; text?: string; blob?: Blob } }) => {
      stats.messages++;
      stats.chars += m.msg?.base64?.length ?? m.msg?.text?.length ?? m.msg?.blob?.size ?? 0;
    });
    port.postMessage({ source: 'agui-inspector', v: 1, msg: { kind: 'hello', panelId: 'bench-panel' } });
  }, tabId);
  await page.bringToFront();
  return () =>
    panel.evaluate(() => ({ ...(globalThis as unknown as { __stats: { messages: number; chars: number } }).__stats }));
}

/** Event-loop lateness of a 10 ms timer while the page reads: what a click or key would wait. */
export interface LoopLag {
  readonly meanMs: number;
  readonly maxMs: number;
}

export function readBig(page: Page, url: string): Promise<{ ms: number; bytes: number; lag: LoopLag }> {
  return page.evaluate(async (u) => {
    // A timer due every 10 ms: how late it fires is how long input would wait behind the
    // page's own tasks (the tap's work runs inside them).
    let due = performance.now() + 10;
    let sum = 0;
    let n = 0;
    let max = 0;
    const probe = setInterval(() => {
      const now = performance.now();
      const late = Math.max(0, now - due);
      sum += late;
      n++;
      max = Math.max(max, late);
      due = now + 10;
    }, 10);
    const t0 = performance.now();
    const reader = ((await fetch(u)).body as ReadableStream<Uint8Array>).getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    const ms = performance.now() - t0;
    clearInterval(probe);
    return { ms, bytes, lag: { meanMs: n > 0 ? sum / n : 0, maxMs: max } };
  }, url);
}

/**
 * Reads `url` in both browsers in turns (who goes first alternates; one warm-up round) and
 * prints median wall time and the page renderer's main-thread CPU (./page-trace.ts), with
 * the median of per-round ratios (goal ≤ 1.3x).
 */
export async function compareBig(
  page: Record<'with' | 'without', Page>,
  url: string,
  rounds: number,
  label: string,
): Promise<BigRatios> {
  const wall = paired('with', 'without');
  const cpu = paired('with', 'without');
  const renderer = paired('with', 'without');
  const browser = paired('with', 'without');
  const tasks = paired('with', 'without');
  const lagMean = paired('with', 'without');
  const lagMax = paired('with', 'without');
  const probe = procCpuProbe();
  const procs: Record<'with' | 'without', Record<ProcKind | 'total', number[]>> = {
    with: { browser: [], renderer: [], extension: [], network: [], other: [], total: [] },
    without: { browser: [], renderer: [], extension: [], network: [], other: [], total: [] },
  };
  for (let i = 0; i < 1 + rounds; i++) {
    const order = i % 2 ? (['with', 'without'] as const) : (['without', 'with'] as const);
    const r = { with: 0, without: 0 };
    const c = { with: 0, without: 0 };
    const rc = { with: 0, without: 0 };
    const bc = { with: 0, without: 0 };
    const tw = { with: 0, without: 0 };
    const lm = { with: 0, without: 0 };
    const lx = { with: 0, without: 0 };
    for (const who of order) {
      const m = await mainThreadCpu(page[who], async () => {
        // Inside the traced span, around the read only: the trace's own dump is not counted.
        const before = probe?.(who);
        const read = await readBig(page[who], url);
        const after = probe?.(who);
        if (before && after && i > 0)
          for (const [k, v] of Object.entries(cpuDelta(before, after))) procs[who][k as ProcKind | 'total'].push(v);
        return read;
      });
      r[who] = m.result.ms;
      c[who] = m.cpuMs;
      rc[who] = m.rendererCpuMs;
      bc[who] = m.browserCpuMs;
      tw[who] = m.taskMs;
      lm[who] = m.result.lag.meanMs;
      lx[who] = m.result.lag.maxMs;
    }
    if (i === 0) continue; // warm-up
    for (const [acc, x] of [
      [wall, r],
      [cpu, c],
      [renderer, rc],
      [browser, bc],
      [tasks, tw],
      [lagMean, lm],
      [lagMax, lx],
    ] as const)
      addRound(acc, x, 'with', 'without');
  }
  console.log(
    `${label.padEnd(22)} wall: with ${median(wall.with).toFixed(0)} ms, without ${median(wall.without).toFixed(0)} ms, median ratio ${median(wall.ratio).toFixed(2)}x; ` +
      `main-thread CPU: with ${median(cpu.with).toFixed(0)} ms, without ${median(cpu.without).toFixed(0)} ms, median ratio ${median(cpu.ratio).toFixed(2)}x (goal ≤ 1.3x)`,
  );
  // Where wall time goes beyond the page's thread: the other threads of its renderer and
  // the browser's other processes share the same cores with the network transfer.
  console.log(
    `${''.padEnd(22)} main-thread task wall time: with ${median(tasks.with).toFixed(0)} ms, without ${median(tasks.without).toFixed(0)} ms; ` +
      `CPU of the page's renderer, all threads: with ${median(renderer.with).toFixed(0)} ms, without ${median(renderer.without).toFixed(0)} ms (${median(renderer.ratio).toFixed(2)}x); ` +
      `whole browser: with ${median(browser.with).toFixed(0)} ms, without ${median(browser.without).toFixed(0)} ms (${median(browser.ratio).toFixed(2)}x)`,
  );
  if (probe) {
    const kinds = (['renderer', 'browser', 'network', 'extension'] as const).map(
      (k) => `${k} ${median(procs.with[k]).toFixed(0)}/${median(procs.without[k]).toFixed(0)}`,
    );
    console.log(
      `${''.padEnd(22)} CPU by process (/proc, user+sys, ms with/without): all ${median(procs.with.total).toFixed(0)}/${median(procs.without.total).toFixed(0)}; ${kinds.join(', ')}`,
    );
  }
  console.log(
    `${''.padEnd(22)} input wait (a 10 ms timer's lateness while reading): mean with ${median(lagMean.with).toFixed(1)} ms, without ${median(lagMean.without).toFixed(1)} ms; ` +
      `worst with ${median(lagMax.with).toFixed(1)} ms, without ${median(lagMax.without).toFixed(1)} ms (medians over rounds)`,
  );
  return { wall: median(wall.ratio), cpu: median(cpu.ratio), browser: median(browser.ratio) };
}

/** Median per-round ratios (with / without) of one compareBig line. */
export interface BigRatios {
  readonly wall: number;
  /** The page's main-thread CPU. */
  readonly cpu: number;
  /** The whole browser's CPU (trace). */
  readonly browser: number;
}
