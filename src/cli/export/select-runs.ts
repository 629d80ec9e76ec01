// `export --run` and `--thread`: which recorded runs a user meant. `--run` takes any label
// the tool prints (the list in its own errors): "#2", "session.har#2" (or the file as typed),
// "2" (the 2nd recorded request, unless a run is literally named "2"), or a runId.
import { basename } from 'node:path';
import type { RecordedRun } from '../recording.js';

export interface RunSelection {
  readonly run?: string;
  readonly thread?: string;
}

/** The 1-based index `wanted` names for a file, when it is a "#N", "FILE#N" or "N" label. */
function indexOf(wanted: string, file: string): number | undefined {
  const hash = wanted.lastIndexOf('#');
  const head = hash < 0 ? undefined : wanted.slice(0, hash);
  const tail = hash < 0 ? wanted : wanted.slice(hash + 1);
  if (!/^[1-9]\d*$/.test(tail)) return undefined;
  if (head !== undefined && head !== '' && head !== file && basename(head) !== basename(file)) return undefined;
  return Number(tail);
}

function matchesRun(run: RecordedRun, index: number, wanted: string, byId: boolean): boolean {
  if (byId) return run.runIds.includes(wanted);
  return indexOf(wanted, run.file) === index + 1;
}

/** The runs a selection picks, in file order. */
export function selectRuns(runs: readonly RecordedRun[], selection: RunSelection): RecordedRun[] {
  const { run: wanted, thread } = selection;
  // A runId wins over an index: "2" is the run named "2" when there is one.
  const byId = wanted !== undefined && runs.some((r) => r.runIds.includes(wanted));
  return runs.filter(
    (r, i) =>
      (wanted === undefined || matchesRun(r, i, wanted, byId)) && (thread === undefined || r.threadId === thread),
  );
}

/** What a selection asked for, in words: for "no run …" errors. */
export function describeSelection(selection: RunSelection): string {
  const parts = [
    ...(selection.run !== undefined ? [`--run ${JSON.stringify(selection.run)}`] : []),
    ...(selection.thread !== undefined ? [`--thread ${JSON.stringify(selection.thread)}`] : []),
  ];
  return parts.join(' and ');
}
