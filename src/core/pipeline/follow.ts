// `next` rules need a run and the following run on its thread once both are settled:
// the earlier run has ended and the later one's input is known. Whichever happens last
// triggers the call, exactly once per pair.
import type { RunModel, SessionModel } from '../model/types.js';
import { nextRun, previousRun } from '../session/threads.js';

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

export function createFollowTracker(): FollowTracker {
  const done = new Set<string>();
  // No closure per call: this runs at every run start and end, and a closure made per call
  // showed in profiles (a bundler that keeps function names renames each one it makes).
  const pairsFor = (model: SessionModel, touched: readonly RunModel[]): [RunModel, RunModel][] => {
    const out: [RunModel, RunModel][] = [];
    for (const run of touched) {
      consider(done, out, previousRun(model, run), run);
      consider(done, out, run, nextRun(model, run));
    }
    return out;
  };
  return { pairsFor };
}
