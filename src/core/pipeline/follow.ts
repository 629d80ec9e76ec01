// `next` rules need a run and the following run on its thread once both are settled:
// the earlier run has ended and the later one's input is known. Whichever happens last
// triggers the call, exactly once per pair.
import type { RunModel, SessionModel } from '../model/types.js';
import { nextRun, previousRun } from '../reduce/threads.js';

export interface FollowTracker {
  /** Pairs that became ready now that `touched` runs were created or ended. */
  pairsFor(model: SessionModel, touched: readonly RunModel[]): [RunModel, RunModel][];
}

/** Adds the pair when both runs are settled and it was not handed out before. */
function consider(
  done: Set<string>,
  out: [RunModel, RunModel][],
  prev: RunModel | undefined,
  next: RunModel | undefined,
): void {
  if (!prev || !next || prev.status === 'running' || next.inputSource === 'none') return;
  const key = `${prev.key}\u0000${next.key}`;
  if (done.has(key)) return;
  done.add(key);
  out.push([prev, next]);
}

interface Tracker extends FollowTracker {
  readonly done: Set<string>;
}

// A module-level function called on the tracker, not a closure per tracker: see
// src/core/pipeline/create-inspector.ts. No closure per call either: this runs at every
// run start and end.
function pairsFor(this: Tracker, model: SessionModel, touched: readonly RunModel[]): [RunModel, RunModel][] {
  const out: [RunModel, RunModel][] = [];
  for (const run of touched) {
    consider(this.done, out, previousRun(model, run), run);
    consider(this.done, out, run, nextRun(model, run));
  }
  return out;
}

export function createFollowTracker(): FollowTracker {
  const tracker: Tracker = { done: new Set(), pairsFor };
  return tracker;
}
