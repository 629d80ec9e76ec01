// Where the panel's main thread spends a flood (issue 46 item 8): the flood of
// `npm run bench:panel` (bench/panel-flood.ts) with a CPU profile of the panel page, its
// long tasks, the messages its port delivers and the browser's own counters
// (Performance.getMetrics) before and after. Prints self time by function and by script,
// and the heaviest callers' inclusive time; writes the profile for DevTools.
// Run: node --import tsx bench/profile-flood.ts   (BENCH_NO_BUILD=1 to keep dist/ as it is)
//      [--rate 50000] [--seconds 10] [--out /tmp/flood.cpuprofile] [--trace-out /tmp/flood-trace.json]
import { writeFileSync } from 'node:fs';
import type { CDPSession } from '@playwright/test';
import { floodPanel, formatFrames, openPanelWindow } from '../harness/flood-panel.js';
import { longStretches, printStretches } from './flood-profile-tasks.js';
import { buildExtension, openFloodBench } from './panel-flood.js';
import { formatTaskFigures, panelTaskFigures, type TraceEvent } from './flood-trace-tasks.js';

const TRACE_CATEGORIES = 'toplevel,disabled-by-default-devtools.timeline,devtools.timeline';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? String(process.argv[i + 1]) : fallback;
};
const RATE = Number(arg('rate', '50000'));
const SECONDS = Number(arg('seconds', '10'));
const OUT = arg('out', '/tmp/flood.cpuprofile');
const TRACE_OUT = arg('trace-out', '/tmp/flood-trace.json');

/** Counts what the panel's ports deliver and its long tasks (a string: no tsx helpers leak in). */
const WATCH = `(() => {
  const w = window;
  w.__watch = { messages: 0, longTasks: 0, longMs: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) { w.__watch.longTasks++; w.__watch.longMs += e.duration; }
  }).observe({ type: 'longtask', buffered: false });
})()`;

async function metrics(cdp: CDPSession): Promise<Map<string, number>> {
  const { metrics: m } = await cdp.send('Performance.getMetrics');
  return new Map(m.map((x) => [x.name, x.value]));
}

if (process.env['BENCH_NO_BUILD'] !== '1') await buildExtension();
const { context, extensionId, sw, page, tabId, close } = await openFloodBench();
try {
  // BENCH_PANEL_TAB=1: the panel as a tab behind the page (how the bench measured before).
  const panel =
    process.env['BENCH_PANEL_TAB'] === '1'
      ? await context.newPage()
      : await openPanelWindow(context, sw, extensionId, tabId);
  await panel.setViewportSize({ width: 1280, height: 800 });
  if (process.env['BENCH_PANEL_TAB'] === '1') {
    await panel.goto(`chrome-extension://${extensionId}/panel.html?tabId=${tabId}`);
    await page.bringToFront();
  }
  await panel.getByRole('status', { name: 'Capture health' }).filter({ hasText: 'connected' }).waitFor();
  await panel.evaluate(WATCH);
  const cdp = await context.newCDPSession(panel);
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  const before = await metrics(cdp);
  await cdp.send('Profiler.start');
  // A trace beside the profile: each task's wall and CPU time (the machine's load apart).
  const traced: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => traced.push(...(e.value as unknown as TraceEvent[])));
  const traceDone = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
  const r = await floodPanel(page, panel, { rate: RATE, seconds: SECONDS, idleSeconds: 2, catchUpTimeoutMs: 180_000 });
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await traceDone;
  const tasks = panelTaskFigures(traced);
  writeFileSync(TRACE_OUT, JSON.stringify(traced));
  const after = await metrics(cdp);
  const watch = await panel.evaluate(
    () => (window as unknown as { __watch: { longTasks: number; longMs: number } }).__watch,
  );
  writeFileSync(OUT, JSON.stringify(profile));
  console.log(`flood ${RATE}/s for ${SECONDS} s: ${r.shown} of ${r.sent} shown, caught up ${r.catchUpMs} ms after`);
  console.log(`  idle:  ${formatFrames(r.idle)}\n  flood: ${formatFrames(r.flood)}`);
  console.log(`  long tasks: ${watch.longTasks}, ${watch.longMs.toFixed(0)} ms`);
  console.log(`  panel main thread (trace): ${tasks ? formatTaskFigures(tasks) : 'not found'}`);
  for (const k of [
    'TaskDuration',
    'ScriptDuration',
    'LayoutDuration',
    'RecalcStyleDuration',
    'LayoutCount',
    'RecalcStyleCount',
  ])
    console.log(`  ${k}: ${((after.get(k) ?? 0) - (before.get(k) ?? 0)).toFixed(k.endsWith('Count') ? 0 : 2)}`);

  // Self time by function and by script; then the long stretches of work and what filled them.
  const dt = profile.timeDeltas ?? [];
  const self = new Map<number, number>();
  (profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0) / 1000));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of self) {
    const f = byId.get(id)?.callFrame;
    if (!f) continue;
    total += ms;
    const fn = `${f.functionName || '(anon)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
    const file = f.url.split('/').pop() || '(native)';
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const print = (title: string, m: Map<string, number>, top: number): void => {
    console.log(`\n${title} (profile total ${total.toFixed(0)} ms)`);
    for (const [k, ms] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${k}`);
  };
  const top = Number(process.env['BENCH_TOP'] ?? 30);
  print('self time by function', byFn, top);
  print('self time by script', byFile, 10);
  console.log('\nbusy stretches (no idle sample between), inclusive time in those of 50 ms or more:');
  printStretches(longStretches(profile, 50), 50, top);
} finally {
  await close();
}
