// `next` rules need a run and the following run on its thread once both are settled:
// the earlier run has ended and the later one's input is known. Whichever happens last
// triggers the call, exactly once per pair.
import type { RunModel, SessionModel } from '../model/types.js';
import { nextRun, previousRun } from '../session/threads.js';

export interface FollowTracker {
  /** Pairs that became ready now that `touched` runs were created or ended. */
  pairsFor(model: SessionModel, touched: readonly RunModel[]): [RunModel, RunModel][];
}

export function createFollowTracker(): FollowTracker {
  const done = new Set<string>();
  const pairsFor = (model: SessionModel, touched: readonly RunModel[]): [RunModel, RunModel][] => {
    const out: [RunModel, RunModel][] = [];
    const consider = (prev: RunModel | undefined, next: RunModel | undefined): void => {
      if (!prev || !next || prev.status === 'running' || next.inputSource === 'none') return;
      const key = `${prev.key}\u0000${next.key}`;
      if (done.has(key)) return;
      done.add(key);
      out.push([prev, next]);
    };
    for (const run of touched) {
      consider(previousRun(model, run), run);
      consider(run, nextRun(model, run));
    }
    return out;
  };
  return { pairsFor };
}
