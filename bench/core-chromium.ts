// `npm run bench:core-chromium`: core.throughput and core.live measured in Chromium's V8
// (the panel's engine; apps run the reference client in the browser too), beside
// `npm run bench`, which measures them on Node's V8. Same session, same pipelines
// (bench/core-chromium-page.ts), alternating rounds in one page; wall time per round
// (a page has no process CPU clock), so keep the machine quiet.
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { resolve } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { findChromium, QUIET_ARGS } from '../harness/chromium.js';

const OUT = resolve(import.meta.dirname, '../node_modules/.cache/agui-core-bench');
const ROUNDS = Number(process.env['BENCH_REPS'] ?? 7);
const WARMUP = 3;
const GOAL = 1.5;
const RESOLVE_AT = 1.2;
const LIVE_GOAL = 150_000;

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    outDir: OUT,
    emptyOutDir: true,
    target: 'chrome120',
    minify: false,
    lib: { entry: resolve(import.meta.dirname, 'core-chromium-page.ts'), formats: ['es'], fileName: 'core-bench' },
  },
});
const code = readFileSync(resolve(OUT, 'core-bench.js'), 'utf8');

const browser = await chromium.launch({ executablePath: findChromium(), args: [...QUIET_ARGS] });
try {
  const page = await browser.newPage();
  await page.goto('about:blank');
  await page.addScriptTag({ content: code, type: 'module' });
  await page.waitForFunction(() => 'coreBench' in globalThis);
  type Round = { events: number; oursMs: number; refMs: number };
  const round = () =>
    page.evaluate(() =>
      (globalThis as unknown as { coreBench: { throughputRound(): Round } }).coreBench.throughputRound(),
    );
  for (let i = 0; i < WARMUP; i++) await round();
  // BENCH_PROFILE=file.cpuprofile: a CPU profile of the timed rounds (open it in DevTools).
  const profilePath = process.env['BENCH_PROFILE'];
  const cdp = profilePath ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const ours: number[] = [];
  const ref: number[] = [];
  let events = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const r = await round();
    events = r.events;
    ours.push(r.oursMs);
    ref.push(r.refMs);
  }
  if (cdp && profilePath) writeFileSync(profilePath, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  const rate = (ms: readonly number[]) => events / (median(ms) / 1000);
  const ratio = rate(ours) / rate(ref);
  const fmt = (r: number) => `${Math.round(r).toLocaleString('en-US')}ev/s`;
  const verdict = ratio >= GOAL ? 'PASS' : ratio >= RESOLVE_AT ? 'PASS (resolve bar)' : 'FAIL';
  console.log(
    `core.throughput.chromium events=${events} ours=${fmt(rate(ours))} ref=${fmt(rate(ref))} ratio=${ratio.toFixed(2)}x ` +
      `(rounds: ${ours.map((o, i) => (ref[i]! / o).toFixed(2)).join(' ')}) (goal ≥${GOAL}x, resolve at ≥${RESOLVE_AT}x) ${verdict}`,
  );
  const live: string[] = [];
  let ok = true;
  for (const size of [1_000, 10_000, 100_000]) {
    const one = () =>
      page.evaluate(
        (n) => (globalThis as unknown as { coreBench: { liveRound(n: number): number } }).coreBench.liveRound(n),
        size,
      );
    for (let i = 0; i < WARMUP; i++) await one();
    const rates: number[] = [];
    for (let i = 0; i < 3; i++) rates.push(await one());
    const r = median(rates);
    if (r < LIVE_GOAL) ok = false;
    live.push(`${size / 1000}k=${fmt(r)}`);
  }
  console.log(
    `core.live.chromium one-event-per-call ${live.join(' ')} (goal ≥${fmt(LIVE_GOAL)} at each size) ${ok ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await browser.close();
}
