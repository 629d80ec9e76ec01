// Reads a CPU profile of the panel under a flood by stretch: a run of consecutive samples
// under one function (say the capture store's `flush`, or any busy sample when none is
// named) is one stretch; for the stretches over a threshold, which functions (inclusive)
// take their time. A frame waits for such a stretch; self time over the whole run does
// not say which work made the long ones. Function names need an unminified build.
//   npx tsx bench/flood-profile-tasks.ts /tmp/flood.cpuprofile [minMs=50] [function] [top=50]
import { readFileSync } from 'node:fs';

interface Node {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}
export interface Profile {
  readonly nodes: readonly Node[];
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

export interface Stretches {
  /** The stretches' lengths, longest first (ms). */
  readonly lengths: readonly number[];
  /** Inclusive ms by function over the stretches of at least minMs. */
  readonly inclusive: ReadonlyMap<string, number>;
}

export function longStretches(profile: Profile, minMs: number, under?: string): Stretches {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id: number): string => {
    const f = byId.get(id)?.callFrame;
    return f ? `${f.functionName || '(anon)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}` : '';
  };
  const stackOf = (id: number): number[] => {
    const out: number[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) out.push(at);
    return out;
  };
  const inStretch = (stack: readonly number[]): boolean =>
    under === undefined
      ? byId.get(stack[0]!)?.callFrame.functionName !== '(idle)'
      : stack.some((id) => byId.get(id)?.callFrame.functionName === under);
  const lengths: number[] = [];
  const inclusive = new Map<string, number>();
  let run: [number[], number][] = [];
  const close = (): void => {
    const ms = run.reduce((a, [, d]) => a + d, 0);
    lengths.push(ms);
    if (ms >= minMs)
      for (const [stack, d] of run)
        for (const l of new Set(stack.map(label))) inclusive.set(l, (inclusive.get(l) ?? 0) + d);
    run = [];
  };
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, i) => {
    const stack = stackOf(id);
    // A sample stands for the time until the next one.
    if (inStretch(stack)) run.push([stack, (deltas[i + 1] ?? 0) / 1000]);
    else if (run.length > 0) close();
  });
  if (run.length > 0) close();
  return { lengths: lengths.sort((a, b) => b - a), inclusive };
}

export function printStretches(s: Stretches, minMs: number, top: number): void {
  const long = s.lengths.filter((l) => l >= minMs);
  const total = long.reduce((a, b) => a + b, 0);
  console.log(
    `${s.lengths.length} stretches, ${long.length} of ≥ ${minMs} ms (${total.toFixed(0)} ms): ${long
      .slice(0, 30)
      .map((t) => t.toFixed(0))
      .join(' ')}`,
  );
  for (const [k, ms] of [...s.inclusive].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${k}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file = '/tmp/flood.cpuprofile', min = '50', under, top = '50'] = process.argv.slice(2);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  printStretches(longStretches(profile, Number(min), under || undefined), Number(min), Number(top));
}
