// bench:page's 200 MB part: five setups read the same stream, one after another within each
// round, in orders of a Williams design (./crossover.ts: each setup takes each place, and
// follows each other setup, equally often), so a load spike hits one round of every setup
// instead of one setup's whole series:
//   plain   the browser without the extension, the page just reads;
//   again   the same, a second time (an A/A control: what a setup that costs nothing measures);
//   ext     the browser with the extension, no panel and DevTools closed (its own tab);
//   panel   the same browser, another tab with a panel-like listener connected;
//   floor   the browser without the extension, the page making Blobs of its bytes itself.
// Each round's ratios are taken against the mean of that round's two plain reads (the A/A
// control against the first alone); the verdicts use the
// medians of those per-round figures and a 95 % confidence interval for each median (order
// statistics, ./paired.ts), printed with the figures' interquartile range (IQR) and min–max.
// A goal is met when the interval's upper end is under it. The IQR is the rounds' spread,
// which more rounds do not narrow: the A/A control shows how wide it is for no cost at all. Beside wall time, CPU (user + system, /proc) by process: the page renderer's
// main thread (page scripts, the tap and the relay run there), its other threads, the
// browser process, the network service, the extension process (service worker and the
// panel-like page) and the rest (GPU, storage…).
import type { Page } from '@playwright/test';
import { cpus, loadavg } from 'node:os';
import { median, medianCi, quantile } from './paired.js';
import { williamsOrders } from './crossover.js';
import { readBig } from './page-panel.js';
import { rendererPid } from './page-trace.js';
import { cpuDelta, processCpu, procCpuProbe, type ProcCpu } from './proc-cpu.js';

export const SETUPS = ['plain', 'again', 'ext', 'panel', 'floor'] as const;
export type Setup = (typeof SETUPS)[number];

const LABEL: Record<Setup, string> = {
  plain: 'no extension',
  again: 'no ext. (A/A)',
  ext: 'ext., no panel',
  panel: 'ext., panel open',
  floor: 'Blob floor',
};

export interface SetupPage {
  readonly page: Page;
  /** Which browser: the one launched with the extension or the other (./proc-cpu.ts). */
  readonly browser: 'with' | 'without';
}

const COLUMNS = ['wall', 'main', 'rendererRest', 'browser', 'network', 'extension', 'other', 'total'] as const;
type Column = (typeof COLUMNS)[number];
type Sample = Record<Column, number>;

const HEADS: Record<Column, string> = {
  wall: 'wall',
  main: 'page main thread',
  rendererRest: 'renderer other thr.',
  browser: 'browser proc.',
  network: 'network svc',
  extension: 'extension proc.',
  other: 'other procs',
  total: 'CPU, all procs',
};

const spread = (xs: readonly number[], digits: number, unit = ''): string => {
  const f = (x: number): string => `${x.toFixed(digits)}${unit}`;
  const ci = medianCi(xs);
  const within = ci ? `, 95 % CI of the median ${f(ci.lo)} to ${f(ci.hi)}` : '';
  return `${f(median(xs))} [IQR ${f(quantile(xs, 0.25))} to ${f(quantile(xs, 0.75))}${within}, range ${f(Math.min(...xs))} to ${f(Math.max(...xs))}]`;
};

/** A goal is shown met when the median's whole 95 % confidence interval is under it. */
export function verdict(xs: readonly number[], goal: number): string {
  const m = median(xs);
  const ci = medianCi(xs);
  if (!ci) return `${m <= goal ? 'MET' : 'NOT MET'} AT THE MEDIAN (too few rounds for a confidence interval)`;
  const at = `95 % CI of the median ${ci.lo.toFixed(2)} to ${ci.hi.toFixed(2)}`;
  if (ci.hi <= goal) return `MET (${at}: all under the goal)`;
  if (m <= goal) return `MET AT THE MEDIAN ONLY (${at}: not shown beyond noise; more rounds narrow it)`;
  if (ci.lo <= goal) return `NOT MET AT THE MEDIAN (${at}: within noise)`;
  return `NOT MET (${at}: all over the goal)`;
}

type Probe = ReturnType<typeof procCpuProbe>;

async function measure(probe: Probe, s: SetupPage, pid: number, url: string, floor: boolean): Promise<Sample> {
  await s.page.bringToFront(); // a hidden tab's timers are throttled and the tap gathers no Blobs there
  const before = { tree: probe?.(s.browser), own: processCpu(pid) };
  const read = await readBig(s.page, url, floor);
  const after = { tree: probe?.(s.browser), own: processCpu(pid) };
  if (!read.visible) throw new Error('the page read while hidden: its timing would not be a foreground tab’s');
  const d: ProcCpu & { total: number } =
    before.tree && after.tree
      ? cpuDelta(before.tree, after.tree)
      : { browser: 0, renderer: 0, extension: 0, network: 0, other: 0, total: 0 };
  const main = after.own.main - before.own.main;
  return {
    wall: read.ms,
    main,
    // The page renderer's other threads, and any other renderer (the idle tab's).
    rendererRest: d.renderer - main,
    browser: d.browser,
    network: d.network,
    extension: d.extension,
    other: d.other,
    total: d.total,
  };
}

/** Runs `warmup + rounds` rounds of every setup and prints the table and the two verdicts. */
export async function runRounds(
  setups: Record<Setup, SetupPage>,
  url: string,
  rounds: number,
  warmup: number,
  mb: number,
): Promise<void> {
  const probe = procCpuProbe();
  const pids = {} as Record<Setup, number>;
  for (const k of SETUPS) pids[k] = await rendererPid(setups[k].page);
  const samples = Object.fromEntries(SETUPS.map((k) => [k, [] as Sample[]])) as Record<Setup, Sample[]>;
  const loads: number[] = [];
  const orders = williamsOrders(SETUPS.length);
  const t0 = Date.now();
  for (let i = 0; i < warmup + rounds; i++) {
    const order = (orders[i % orders.length] as number[]).map((j) => SETUPS[j] as Setup);
    const round = {} as Record<Setup, Sample>;
    for (const k of order) round[k] = await measure(probe, setups[k], pids[k], url, k === 'floor');
    loads.push(loadavg()[0] as number);
    if (i < warmup) continue;
    for (const k of SETUPS) samples[k].push(round[k]);
  }
  const col = (k: Setup, c: Column): number[] => samples[k].map((s) => s[c]);
  /** A round's baseline: its two reads without the extension (the A/A control's own is the first alone). */
  const base = (i: number, c: Column): number =>
    ((samples.plain[i] as Sample)[c] + (samples.again[i] as Sample)[c]) / 2;
  const ratio = (k: Setup, c: Column): number[] =>
    samples[k].map((s, i) => s[c] / (k === 'again' ? (samples.plain[i] as Sample)[c] : base(i, c)));
  console.log(
    `${mb} MB read, ${rounds} rounds after ${warmup} warm-up, the ${SETUPS.length} setups in the ${orders.length} orders of a Williams design ` +
      `(${((Date.now() - t0) / 60000).toFixed(1)} min; 1-min load average during the rounds ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} on ${cpus().length} cores)`,
  );
  console.log(`  medians over rounds, ms (CPU: user + system from /proc, 10 ms ticks):`);
  console.log(`  ${'setup'.padEnd(17)}${COLUMNS.map((c) => HEADS[c].padStart(20)).join('')}`);
  for (const k of SETUPS)
    console.log(`  ${LABEL[k].padEnd(17)}${COLUMNS.map((c) => median(col(k, c)).toFixed(0).padStart(20)).join('')}`);
  console.log(
    `  per-round ratio to the mean of the same round's two plain reads (A/A: to the first): median [IQR, range]`,
  );
  for (const k of ['again', 'ext', 'panel', 'floor'] as const)
    console.log(
      `  ${LABEL[k].padEnd(17)} wall ${spread(ratio(k, 'wall'), 2, 'x')}; CPU, all procs ${spread(ratio(k, 'total'), 2, 'x')}; page main thread ${spread(ratio(k, 'main'), 2, 'x')}`,
    );
  const over = samples.panel.map((s, i) => (s.wall - (samples.floor[i] as Sample).wall) / base(i, 'wall'));
  const overCpu = samples.panel.map((s, i) => (s.total - (samples.floor[i] as Sample).total) / base(i, 'total'));
  console.log(
    `  panel open over the Blob floor, per round (in units of the plain read): wall ${spread(over, 2, 'x')}; CPU, all procs ${spread(overCpu, 2, 'x')}`,
  );
  const busy =
    Math.max(...loads) > cpus().length
      ? ` (load ${Math.max(...loads).toFixed(1)} on ${cpus().length} cores during the rounds: rerun on a quiet machine)`
      : '';
  const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(2)}x`;
  console.log(
    `CONTROL no extension twice (A/A: a setup that costs nothing): wall ${spread(ratio('again', 'wall'), 2, 'x')}`,
  );
  console.log(
    `VERDICT no panel, DevTools closed: wall ${median(ratio('ext', 'wall')).toFixed(2)}x (CPU, all procs ${median(ratio('ext', 'total')).toFixed(2)}x), goal ≤ 1.05x: ${verdict(ratio('ext', 'wall'), 1.05)}${busy}`,
  );
  console.log(
    `VERDICT panel open vs Blob floor: wall ${signed(median(over))} over the floor (CPU, all procs ${signed(median(overCpu))}), goal ≤ +0.10x: ${verdict(over, 0.1)}${busy}`,
  );
}
