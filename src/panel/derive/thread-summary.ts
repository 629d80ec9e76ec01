// A run's thread as a whole: its runs' weights in request order, what the thread weighs, how
// the request body grows turn by turn (a client resends the history every turn) and its
// largest state snapshots. The figures are the core's (stats/payload-budget), as `stats` gives.
import type { RunModel, SessionModel, StreamModel } from '../../core/model/types.js';
import {
  largestSnapshots,
  runWeight,
  threadWeight,
  type RankedSnapshot,
  type RunWeight,
  type ThreadWeight,
} from '../core-deps.js';

/** How many snapshots the summary ranks: enough to spot the heavy ones, short enough to read. */
export const LARGEST_SNAPSHOTS = 3;

export interface ThreadSummary {
  readonly thread: ThreadWeight;
  /** The thread's runs in request order, each with its weight. */
  readonly runs: readonly { readonly run: RunModel; readonly weight: RunWeight }[];
  readonly largest: readonly RankedSnapshot[];
}

interface Lookup {
  readonly findRun: (runKey: string) => RunModel | undefined;
  readonly findStream: (streamId: string) => StreamModel | undefined;
}

function threadRuns(model: SessionModel, run: RunModel, find: Lookup['findRun']): RunModel[] {
  const keys = model.threads.find((t) => t.threadId === run.threadId)?.runKeys ?? [run.key];
  return keys.map(find).filter((r): r is RunModel => r !== undefined);
}

/**
 * What changes the summary: a run added to the thread or a run gaining events (run records
 * are updated in place, so their identity cannot tell).
 */
export function threadRevision(model: SessionModel, run: RunModel, find: Lookup['findRun']): string {
  return threadRuns(model, run, find)
    .map((r) => `${r.key}:${r.lastEvent}:${r.version}`)
    .join(' ');
}

export function threadSummary(model: SessionModel, run: RunModel, look: Lookup): ThreadSummary {
  const runs = threadRuns(model, run, look.findRun).map((r) => ({
    run: r,
    weight: runWeight(r, look.findStream(r.streamId)),
  }));
  const weights = runs.map((r) => r.weight);
  return { thread: threadWeight(run.threadId, weights), runs, largest: largestSnapshots(weights, LARGEST_SNAPSHOTS) };
}
