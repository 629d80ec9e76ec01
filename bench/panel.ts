// The panel benchmark: the e2e harness page (real panel, real core) in Chromium, printing
// figures. Not a timed test; the goals are printed beside the numbers.
//   npx tsx bench/panel.ts [--events 100000] [--seconds 5] [--flood-rate 50000] [--flood-seconds 10]
// The flood (frames of the extension's panel while a page streams 50,000 events/s) runs
// last, in the built extension (bench/panel-flood.ts).
// Each figure's goal is printed beside it; "(info)" lines have none.
import { chromium } from '@playwright/test';
import { startHarness } from '../harness/panel/serve.js';
import { findChromium, QUIET_ARGS } from '../harness/chromium.js';
import { benchFlood, reportFlood } from './panel-flood.js';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const EVENTS = arg('events', 100_000);
const SECONDS = arg('seconds', 5);
const FLOOD_RATE = arg('flood-rate', 50_000);
const FLOOD_SECONDS = arg('flood-seconds', 10);

interface Bench {
  importAndRender(n: number): Promise<{ ms: number; lanes: number; heapMb?: number }>;
  openViews(n: number): Promise<{ view: string; ms: number }[]>;
  streamFrames(
    rate: number,
    seconds: number,
    view?: string,
  ): Promise<{ frames: number; maxMs: number; p95Ms: number; over50: number; events: number }>;
  ingestRate(
    size: number,
    perFlush?: number,
    extra?: number,
    rounds?: number,
    form?: 'bytes' | 'base64',
  ): Promise<{ size: number; eventsPerSec: number; rates: number[] }>;
}
type W = { __harness: { bench: Bench } };

const server = await startHarness();
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: [...QUIET_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.url}?fresh=1&tap=1`);
  await page.locator('body[data-ready="1"]').waitFor();

  // The first import in a fresh page pays for compiling the panel's paths (reported, not
  // judged); then three, the median judged: one run is under a second, so a neighbour's
  // burst on a shared machine moves it a lot. Each starts after a full collection (the
  // harness), so none pays for collecting the session the one before left behind.
  const importOnce = () => page.evaluate((n) => (window as unknown as W).__harness.bench.importAndRender(n), EVENTS);
  const cold = await importOnce();
  const imports: Awaited<ReturnType<Bench['importAndRender']>>[] = [];
  for (let i = 0; i < 3; i++) imports.push(await importOnce());
  const byMs = [...imports].sort((a, b) => a.ms - b.ms);
  const imp = byMs[1]!;
  console.log(
    `import + first render, ${EVENTS} events: ${imp.ms.toFixed(0)} ms median of 3 (${byMs.map((r) => r.ms.toFixed(0)).join(', ')}) (goal ≤ 500 ms), ` +
      `${imp.lanes} lanes rendered${imp.heapMb ? `, JS heap ${imp.heapMb.toFixed(0)} MB` : ''}`,
  );
  console.log(`import + first render, ${EVENTS} events, the page's first (cold): ${cold.ms.toFixed(0)} ms (info)`);

  const live = await page.evaluate(
    ([rate, s]) => (window as unknown as W).__harness.bench.streamFrames(rate ?? 2000, s ?? 5),
    [2000, SECONDS],
  );
  console.log(
    `streaming 2000 events/s for ${SECONDS} s: ${live.events} events, ${live.frames} frames, max ${live.maxMs.toFixed(1)} ms, p95 ${live.p95Ms.toFixed(1)} ms, ${live.over50} frames over 50 ms (goal: none)`,
  );

  // Every view tab, on the same 100k-event session: opening it, and frames while events
  // stream in with it shown.
  const views = await page.evaluate((n) => (window as unknown as W).__harness.bench.openViews(n), EVENTS);
  console.log(
    `open each view, ${EVENTS} events: ${views.map((v) => `${v.view} ${v.ms.toFixed(0)} ms`).join(', ')} ` +
      `(goal ≤ 300 ms each) ${views.every((v) => v.ms <= 300) ? 'PASS' : 'FAIL'}`,
  );
  const viewIds = await page.evaluate(() =>
    [...document.querySelectorAll('[role="tablist"][aria-label="Views"] [role="tab"]')].map((t) =>
      t.id.replace(/^tab-/, ''),
    ),
  );
  for (const view of viewIds.filter((v) => v !== 'timeline')) {
    const s = await page.evaluate(
      ([v, secs]) => (window as unknown as W).__harness.bench.streamFrames(2000, Number(secs), String(v)),
      [view, Math.max(2, Math.round(SECONDS / 2))],
    );
    console.log(
      `streaming 2000 events/s with ${view} shown: ${s.frames} frames, max ${s.maxMs.toFixed(1)} ms, ${s.over50} frames over 50 ms (goal: none)`,
    );
  }

  // Events arrive one message each; the panel applies what arrived once per frame (the
  // goal), and for reference the worst case of a flush after every single message.
  for (const size of [1_000, 10_000, 100_000]) {
    const r = await page.evaluate((n) => (window as unknown as W).__harness.bench.ingestRate(n), size);
    console.log(
      `live ingest, one event per message (bytes, as Chromium delivers them), flushed per frame, session of ${size}: ${r.eventsPerSec} events/s median of ${r.rates.join(', ')} (goal ≥ 150000)`,
    );
  }
  for (const size of [1_000, 100_000]) {
    const r = await page.evaluate((n) => (window as unknown as W).__harness.bench.ingestRate(n, 1), size);
    console.log(
      `live ingest, worst case: a flush after every message, session of ${size}: ${r.eventsPerSec} events/s median of ${r.rates.join(', ')} (info)`,
    );
  }
  // The JSON-messaging fallback (Firefox) sends each chunk as base64: the panel decodes it too.
  const b64 = await page.evaluate(() =>
    (window as unknown as W).__harness.bench.ingestRate(10_000, undefined, undefined, undefined, 'base64'),
  );
  console.log(
    `live ingest, chunks as base64 (JSON messaging fallback), session of 10000: ${b64.eventsPerSec} events/s median of ${b64.rates.join(', ')} (info)`,
  );
} finally {
  await browser.close();
  await server.close();
}

reportFlood(await benchFlood(FLOOD_RATE, FLOOD_SECONDS), FLOOD_RATE, FLOOD_SECONDS);
