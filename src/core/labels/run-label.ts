// How a run is named wherever a person reads it: the panel (lanes, run selector, Compare,
// Notes, Findings, Events), the bug report summary, the CLI and rule messages. Internal keys
// ("stream-0#0", "<streamId>#<ordinal>") never show: they change on export and redaction.
import { distinguishingParts, partOf } from './distinguishing-part.js';

/** What naming a run needs from it (RunModel has all of it). */
export interface NamedRun {
  readonly key: string;
  readonly runId: string;
  readonly threadId: string;
  readonly startedAt: number;
  readonly implicit?: boolean;
}

export interface RunLabel {
  /** Position in the session, from 1 (the order runs appear in the model). */
  readonly index: number;
  /** `#3`: the short, stable handle a reader uses ("run #3"). */
  readonly number: string;
  /** Wall-clock start, `14:02:11`. */
  readonly time: string;
  /** The part of the thread id that tells it apart from the session's other threads. */
  readonly thread: string;
  /** The part of the run id that tells it apart from the session's other runs. */
  readonly run: string;
  /** When the run id repeats in the session: which of them this is (from 1). */
  readonly repeat?: number;
  /** `#3 · 14:02:11 · thread …mxamkg5h · run …c412ab8d` */
  readonly text: string;
  /** Both ids whole and the start time (tooltips, detail). */
  readonly title: string;
  /** The run as messages name it: whole ids, with the repeat where ids repeat. */
  readonly mention: string;
}

/** Characters of an id kept at least: a handful is recognizable when compared with a log. */
const MIN_ID_CHARS = 8;
const NO_RUN_STARTED = '(no RUN_STARTED)';

const pad = (n: number): string => String(n).padStart(2, '0');

/** `HH:MM:SS` in the process's local time zone (what the user's clock says). */
export function localClock(t: number): string {
  if (!Number.isFinite(t)) return '--:--:--';
  const d = new Date(t);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const ordinalSuffix = (n: number): string => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
};

/** "run 'abc'", "run 'abc' (2nd with this id)", "run (no RUN_STARTED)"; optionally its thread. */
export function runMention(
  run: Pick<NamedRun, 'runId' | 'threadId' | 'implicit'>,
  opts: { readonly repeat?: number | undefined; readonly withThread?: boolean } = {},
): string {
  const id = run.implicit ? `run ${NO_RUN_STARTED}` : `run '${run.runId}'`;
  const again = opts.repeat !== undefined ? ` (${opts.repeat}${ordinalSuffix(opts.repeat)} with this id)` : '';
  return `${id}${again}${opts.withThread ? ` on thread '${run.threadId}'` : ''}`;
}

/**
 * Which of the runs sharing `target`'s run id it is (from 1), or undefined when the id is
 * unique in `runs` (then the id alone names it).
 */
export function repeatOf(runs: readonly NamedRun[], target: NamedRun): number | undefined {
  if (target.implicit) return undefined;
  let before = 0;
  let total = 0;
  for (const r of runs) {
    if (r.implicit || r.runId !== target.runId) continue;
    total++;
    if (r.key === target.key) before = total;
  }
  return total > 1 && before > 0 ? before : undefined;
}

/** Labels for every run of a session, by run key. */
export function runLabels(
  runs: readonly NamedRun[],
  clock: (t: number) => string = localClock,
): ReadonlyMap<string, RunLabel> {
  const threads = distinguishingParts(
    runs.map((r) => r.threadId),
    MIN_ID_CHARS,
  );
  const ids = distinguishingParts(
    runs.filter((r) => !r.implicit).map((r) => r.runId),
    MIN_ID_CHARS,
  );
  const seen = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const r of runs) if (!r.implicit) totals.set(r.runId, (totals.get(r.runId) ?? 0) + 1);
  const out = new Map<string, RunLabel>();
  runs.forEach((r, i) => {
    let repeat: number | undefined;
    if (!r.implicit && (totals.get(r.runId) ?? 0) > 1) {
      repeat = (seen.get(r.runId) ?? 0) + 1;
      seen.set(r.runId, repeat);
    }
    const thread = (threads.get(r.threadId) ?? partOf(r.threadId, MIN_ID_CHARS)).text;
    const idPart = r.implicit ? NO_RUN_STARTED : (ids.get(r.runId) ?? partOf(r.runId, MIN_ID_CHARS)).text;
    const run = repeat !== undefined ? `${idPart} [${repeat}]` : idPart;
    const time = clock(r.startedAt);
    const number = `#${i + 1}`;
    const mention = runMention(r, repeat !== undefined ? { repeat } : {});
    out.set(r.key, {
      index: i + 1,
      number,
      time,
      thread,
      run,
      ...(repeat !== undefined ? { repeat } : {}),
      text: `${number} · ${time} · thread ${thread} · run ${run}`,
      title: `${number}, started ${time}\n${mention}\nthread '${r.threadId}'`,
      mention,
    });
  });
  return out;
}
