// What the per-run step views (State, Surface) share: the run they show (the Run selector's,
// else the one in the detail pane, else the latest), a history cache kept for as long as the
// view is shown (the panel's store never changes under it), and the step shown, which
// follows the latest step until the user picks another and again once the run changes.
import { useEffect, useState } from 'preact/hooks';
import type { RunModel, StreamModel } from '../../core/model/types.js';
import { viewRun } from '../derive/view-run.js';
import { usePanel } from '../store-context.js';

export interface RunSteps<H> {
  readonly run: RunModel | undefined;
  /** The run's history, when the run and its stream are there. */
  readonly history: H | undefined;
  /** The step shown of `count`. */
  at(count: number): number;
  /** Show step `index` of `count` (the last one: follow the latest again). */
  pick(index: number, count: number): void;
  /** Step `delta` steps from the one shown, and stay there as steps arrive (the scrubber's buttons). */
  move(delta: number, count: number): void;
}

export function useRunSteps<H>(createHistories: () => (run: RunModel, stream: StreamModel) => H): RunSteps<H> {
  const { store } = usePanel();
  const [histories] = useState(createHistories);
  const run = viewRun(store);
  const stream = run ? store.findStream(run.streamId) : undefined;
  // undefined = follow the latest step.
  const [pos, setPos] = useState<number | undefined>(undefined);
  useEffect(() => setPos(undefined), [run?.key]);
  const at = (count: number): number => (pos === undefined ? count - 1 : Math.min(pos, count - 1));
  return {
    run,
    history: run && stream ? histories(run, stream) : undefined,
    at,
    pick: (index, count) => setPos(index >= count - 1 ? undefined : index),
    move: (delta, count) => setPos(Math.max(0, Math.min(count - 1, at(count) + delta))),
  };
}
