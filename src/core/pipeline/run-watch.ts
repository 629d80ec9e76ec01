// Which runs a transition ended or created, found by comparing what the stream carried
// before (a snapshot: inside an edit the earlier model is provisional, see model/log.ts)
// with the model after: the facade calls onRunEnd / onRunFollowed from this, never the
// reducer.
import type { RunModel, SessionModel } from '../model/types.js';
import { getRun, getStream, lastRun } from '../reduce/store.js';

/** What runChanges needs from before a transition; records are immutable, so no copy. */
export interface RunsSnapshot {
  readonly keys: readonly string[];
  /** The stream's last run, when it was running. */
  readonly active: RunModel | undefined;
}

export function runsSnapshot(model: SessionModel, streamId: string): RunsSnapshot {
  const last = lastRun(model, streamId);
  return { keys: getStream(model, streamId)?.runKeys ?? [], active: last?.status === 'running' ? last : undefined };
}

export interface RunChanges {
  /** Runs that were running (or did not exist) before and are not running after. */
  readonly ended: readonly { readonly before?: RunModel; readonly after: RunModel }[];
  readonly created: readonly RunModel[];
}

const NONE: RunChanges = Object.freeze({ ended: Object.freeze([]), created: Object.freeze([]) });

export function runChanges(before: RunsSnapshot, after: SessionModel, streamId: string): RunChanges {
  const keysBefore = before.keys;
  const keysAfter = getStream(after, streamId)?.runKeys ?? [];
  const wasActive = before.active;
  const now = wasActive ? getRun(after, wasActive.key) : undefined;
  const endedNow = now !== undefined && now.status !== 'running';
  // Almost every transition touches no run boundary: answer without allocating.
  if (!endedNow && keysAfter.length === keysBefore.length) return NONE;
  const ended: { before?: RunModel; after: RunModel }[] = [];
  if (wasActive && now && endedNow) ended.push({ before: wasActive, after: now });
  const created: RunModel[] = [];
  for (let i = keysBefore.length; i < keysAfter.length; i++) {
    const run = getRun(after, keysAfter[i] as string);
    if (!run) continue;
    created.push(run);
    if (run.status !== 'running') ended.push({ after: run });
  }
  return { ended, created };
}
