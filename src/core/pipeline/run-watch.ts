// Which runs a transition ended or created, found by comparing what the stream carried
// before (how many runs, which one was running) with the store after: the facade calls
// onRunEnd / onRunFollowed from this, never the reducer.
import type { RunModel } from '../model/types.js';
import type { Store } from '../reduce/store.js';
import { activeEntry, runEntry, streamEntry } from '../reduce/lookup.js';

export interface RunsSnapshot {
  readonly count: number;
  /** The stream's running run, if any (the record itself: it changes in place). */
  readonly active: RunModel | undefined;
}

export function runsSnapshot(store: Store, streamId: string): RunsSnapshot {
  return { count: streamEntry(store, streamId)?.stream.runKeys.length ?? 0, active: activeEntry(store, streamId)?.run };
}

export interface RunChanges {
  /** Runs that were running (or did not exist) before and are not running after. */
  readonly ended: readonly RunModel[];
  readonly created: readonly RunModel[];
}

const NONE: RunChanges = Object.freeze({ ended: Object.freeze([]), created: Object.freeze([]) });

export function runChanges(before: RunsSnapshot, store: Store, streamId: string): RunChanges {
  const keys = streamEntry(store, streamId)?.stream.runKeys ?? [];
  const endedNow = before.active !== undefined && before.active.status !== 'running';
  // Almost every transition touches no run boundary: answer without allocating.
  if (!endedNow && keys.length === before.count) return NONE;
  const ended: RunModel[] = endedNow && before.active ? [before.active] : [];
  const created: RunModel[] = [];
  for (let i = before.count; i < keys.length; i++) {
    const run = runEntry(store, keys[i] as string)?.run;
    if (!run) continue;
    created.push(run);
    if (run.status !== 'running') ended.push(run);
  }
  return { ended, created };
}
