// Which runs a transition ended or created, found by comparing the stream before and
// after: the facade calls onRunEnd / onRunFollowed from this, never the reducer.
import type { RunModel, SessionModel } from '../model/types.js';
import { activeRun, getRun, getStream } from '../reduce/store.js';

export interface RunChanges {
  /** Runs that were running (or did not exist) before and are not running after. */
  readonly ended: readonly { readonly before?: RunModel; readonly after: RunModel }[];
  readonly created: readonly RunModel[];
}

export function runChanges(before: SessionModel, after: SessionModel, streamId: string): RunChanges {
  const keysBefore = getStream(before, streamId)?.runKeys ?? [];
  const keysAfter = getStream(after, streamId)?.runKeys ?? [];
  const ended: { before?: RunModel; after: RunModel }[] = [];
  const wasActive = activeRun(before, streamId);
  if (wasActive) {
    const now = getRun(after, wasActive.key);
    if (now && now.status !== 'running') ended.push({ before: wasActive, after: now });
  }
  const created: RunModel[] = [];
  for (let i = keysBefore.length; i < keysAfter.length; i++) {
    const run = getRun(after, keysAfter[i] as string);
    if (!run) continue;
    created.push(run);
    if (run.status !== 'running') ended.push({ after: run });
  }
  return { ended, created };
}
