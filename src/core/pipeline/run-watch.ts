// Which runs a transition ended or created, found by comparing the stream before and
// after: the facade calls onRunEnd / onRunFollowed from this, never the reducer.
import type { RunModel, SessionModel } from '../model/types.js';
import { getRun, getStream } from '../reduce/store.js';

export interface RunChanges {
  /** Runs that were running (or did not exist) before and are not running after. */
  readonly ended: readonly { readonly before?: RunModel; readonly after: RunModel }[];
  readonly created: readonly RunModel[];
}

const NONE: RunChanges = Object.freeze({ ended: Object.freeze([]), created: Object.freeze([]) });

export function runChanges(before: SessionModel, after: SessionModel, streamId: string): RunChanges {
  const keysBefore = getStream(before, streamId)?.runKeys ?? [];
  const keysAfter = getStream(after, streamId)?.runKeys ?? [];
  const lastBefore = keysBefore[keysBefore.length - 1];
  const prior = lastBefore === undefined ? undefined : getRun(before, lastBefore);
  const wasActive = prior?.status === 'running' ? prior : undefined;
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
