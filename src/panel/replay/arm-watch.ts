// The app takes the armed runs one request at a time: each shows up in the session as a
// replayed stream marked with the arm. This watch moves the arm's state as they appear. An
// expired arm is watched too: a request the tab answered just before its expiry reaches the
// panel just after, and the bar must then say what really happened. A run request that the
// arm let go to the network (another path) is news too (./arm-miss.ts).
import { effect, type ReadonlySignal, type Signal } from '@preact/signals';
import type { SessionModel } from '../../core/model/types.js';
import { missedRequest } from './arm-miss.js';
import { mergeAnswered, replayKey, taken, watching, type ArmedReplay, type DivergenceLog } from './arm-state.js';
import { answeredBy } from './plans.js';

export interface ArmWatchDeps {
  readonly model: ReadonlySignal<SessionModel>;
  readonly armed: Signal<ArmedReplay | undefined>;
  readonly notice: Signal<string | undefined>;
  /** Kept after the bar is gone: a bug report says what diverged. */
  readonly divergences: DivergenceLog;
  /** A taken arm no longer expires nor waits for a confirmation. */
  readonly stopClock: () => void;
}

/** Starts watching; the function returned stops it. */
export function watchTakenRuns(deps: ArmWatchDeps): () => void {
  return effect(() => {
    const model = deps.model.value;
    const arm = deps.armed.peek();
    if (!arm || !watching(arm)) return;
    const answered = mergeAnswered(arm.answered, answeredBy(model, arm.armId, arm.runs));
    if (answered.length === arm.answered.length) {
      // Nothing taken: did a run request of the tab go past the arm to the network?
      const missed = missedRequest(model, arm);
      if (missed && missed.streamId !== arm.lastMissed)
        deps.armed.value = { ...arm, missed, lastMissed: missed.streamId };
      return;
    }
    for (const x of answered) deps.divergences.set(replayKey(arm.armId, x.index), x.divergences);
    deps.stopClock();
    deps.armed.value = taken(arm, answered);
    // The bar's earlier word (unconfirmed, expired) was wrong: the app took the arm.
    if (arm.status !== 'ended' && arm.status !== 'armed') deps.notice.value = undefined;
  });
}
