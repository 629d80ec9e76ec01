// CPU time (user + system) of every process of a Chromium instance, by kind, read from
// Linux /proc. A trace (./page-trace.ts) sees only the tasks Chrome instruments; this also
// counts what no task shows: the kernel's time for page faults and IPC, V8's own threads,
// Blob transport in the renderer's thread pool. Elsewhere (no /proc) it measures nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export type ProcKind = 'browser' | 'renderer' | 'extension' | 'network' | 'other';
export type ProcCpu = Record<ProcKind, number>;

interface Proc {
  readonly ppid: number;
  readonly ms: number;
  readonly cmd: string;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

function statOf(path: string): { ppid: number; ms: number } {
  const stat = readFileSync(path, 'utf8');
  // Fields after "(comm)": state ppid … utime(14th overall) stime(15th).
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(f[1]), ms: (Number(f[11]) + Number(f[12])) * TICK_MS };
}

function table(): Map<number, Proc> {
  const out = new Map<number, Proc>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const { ppid, ms } = statOf(`/proc/${d}/stat`);
      out.set(Number(d), { ppid, ms, cmd: readFileSync(`/proc/${d}/cmdline`, 'utf8') });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

function kindOf(cmd: string): ProcKind {
  const type = /--type=([a-z-]+)/.exec(cmd)?.[1];
  if (type === undefined) return 'browser';
  if (type === 'renderer') return cmd.includes('--extension-process') ? 'extension' : 'renderer';
  if (type === 'utility' && cmd.includes('NetworkService')) return 'network';
  return 'other';
}

const isRoot = (p: Proc): boolean => /chrom/i.test(p.cmd) && !p.cmd.includes('--type=');

/**
 * Snapshots of the browsers this process launched: the one started with `--load-extension`
 * (`with`) and the one without (`without`). Undefined where there is no /proc.
 */
export function procCpuProbe(): ((who: 'with' | 'without') => ProcCpu) | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  const roots: Partial<Record<'with' | 'without', number>> = {};
  for (const [pid, p] of table())
    if (p.ppid === process.pid && isRoot(p)) roots[p.cmd.includes('--load-extension=') ? 'with' : 'without'] = pid;
  return (who) => {
    const out: ProcCpu = { browser: 0, renderer: 0, extension: 0, network: 0, other: 0 };
    const root = roots[who];
    if (root === undefined) return out;
    const procs = table();
    const children = new Map<number, number[]>();
    for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
    const todo = [root];
    for (let pid = todo.pop(); pid !== undefined; pid = todo.pop()) {
      const p = procs.get(pid);
      if (!p) continue;
      out[kindOf(p.cmd)] += p.ms;
      todo.push(...(children.get(pid) ?? []));
    }
    return out;
  };
}

/** `after - before`, kind by kind, plus their sum. */
export function cpuDelta(before: ProcCpu, after: ProcCpu): ProcCpu & { total: number } {
  const d = { browser: 0, renderer: 0, extension: 0, network: 0, other: 0, total: 0 };
  for (const k of Object.keys(before) as ProcKind[]) {
    d[k] = after[k] - before[k];
    d.total += d[k];
  }
  return d;
}

/**
 * CPU (ms, user + system) of one process: all its threads, and its main thread alone (in a
 * renderer, CrRendererMain: the page's scripts, the tap and the relay's isolated world).
 */
export function processCpu(pid: number): { main: number; all: number } {
  return { main: statOf(`/proc/${pid}/task/${pid}/stat`).ms, all: statOf(`/proc/${pid}/stat`).ms };
}
