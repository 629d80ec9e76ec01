// The panel's tasks in a Chrome trace, by wall time and by the thread's own CPU time
// (`tdur`). On a shared 2-core machine a frame can wait for the CPU rather than for the
// panel: a 400 ms task that ran 18 ms is the machine's load, not the panel's work. The
// panel's thread is the renderer main thread that ran its script (panel-*.js).
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly data?: { readonly url?: string } };
}

export interface TaskFigures {
  readonly tasks: number;
  /** Wall ms and CPU ms over every task. */
  readonly wallMs: number;
  readonly cpuMs: number;
  /** Tasks of at least 50 ms wall: how many, their wall and CPU ms. */
  readonly long: number;
  readonly longWallMs: number;
  readonly longCpuMs: number;
  /** The longest tasks by CPU ms, and the 95th percentile of task CPU over tasks of 1 ms or more. */
  readonly maxCpuMs: number;
  readonly p95CpuMs: number;
}

const RUN_TASK = 'ThreadControllerImpl::RunTask';

export function panelTaskFigures(
  events: readonly TraceEvent[],
  scriptMark = '/assets/panel-',
): TaskFigures | undefined {
  const calls = new Map<string, number>();
  for (const e of events)
    if (e.name === 'FunctionCall' && e.args?.data?.url?.includes(scriptMark)) {
      const k = `${e.pid}:${e.tid}`;
      calls.set(k, (calls.get(k) ?? 0) + 1);
    }
  const thread = [...calls].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (thread === undefined) return undefined;
  // RunTask nests (a nested loop's task inside another): only the outermost counts.
  const tasks = events
    .filter((e) => e.ph === 'X' && e.name === RUN_TASK && `${e.pid}:${e.tid}` === thread)
    .sort((a, b) => a.ts - b.ts);
  const outer: TraceEvent[] = [];
  let until = -Infinity;
  for (const t of tasks) {
    if (t.ts < until) continue;
    outer.push(t);
    until = t.ts + (t.dur ?? 0);
  }
  const ms = (us: number | undefined): number => (us ?? 0) / 1000;
  const long = outer.filter((t) => ms(t.dur) >= 50);
  const cpu = outer
    .map((t) => ms(t.tdur))
    .filter((c) => c >= 1)
    .sort((a, b) => a - b);
  const sum = (xs: readonly TraceEvent[], f: (t: TraceEvent) => number | undefined): number =>
    xs.reduce((a, t) => a + ms(f(t)), 0);
  return {
    tasks: outer.length,
    wallMs: sum(outer, (t) => t.dur),
    cpuMs: sum(outer, (t) => t.tdur),
    long: long.length,
    longWallMs: sum(long, (t) => t.dur),
    longCpuMs: sum(long, (t) => t.tdur),
    maxCpuMs: cpu[cpu.length - 1] ?? 0,
    p95CpuMs: cpu[Math.floor(cpu.length * 0.95)] ?? 0,
  };
}

export const formatTaskFigures = (f: TaskFigures): string =>
  `${f.tasks} tasks, ${f.wallMs.toFixed(0)} ms wall / ${f.cpuMs.toFixed(0)} ms CPU; ` +
  `${f.long} of ≥ 50 ms wall: ${f.longWallMs.toFixed(0)} ms wall / ${f.longCpuMs.toFixed(0)} ms CPU; ` +
  `task CPU p95 ${f.p95CpuMs.toFixed(1)} ms, max ${f.maxCpuMs.toFixed(1)} ms`;
