// The session's run labels (see core/labels/run-label), rebuilt only when runs are added:
// a run's ids and start never change once it exists, so live updates of its events cost
// nothing here.
import type { RunModel, SessionModel } from '../../core/model/types.js';
import { runLabels, type RunLabel } from '../core-deps.js';

export interface RunLabelIndex {
  /** The label of a run of this session, or of a run from elsewhere (a kept run) alone. */
  of(run: RunModel): RunLabel;
}

/** A run outside the session (kept for comparison) has no place in it: no `#n`. */
function outsider(run: RunModel, clock?: (t: number) => string): RunLabel {
  const own = runLabels([run], clock).get(run.key);
  if (!own) throw new Error('runLabels dropped its only run');
  const text = own.text.slice(own.text.indexOf(' · ') + 3);
  return { ...own, index: 0, number: '', text, title: own.title.replace(/^#1, /, '') };
}

export function createRunLabelIndexer(clock?: (t: number) => string): (model: SessionModel) => RunLabelIndex {
  let runs: readonly RunModel[] | undefined;
  let count = -1;
  let labels: ReadonlyMap<string, RunLabel> = new Map();
  return (model) => {
    if (model.runs !== runs || model.runs.length !== count) {
      runs = model.runs;
      count = model.runs.length;
      labels = runLabels(model.runs, clock);
    }
    const mine = labels;
    return { of: (run) => mine.get(run.key) ?? outsider(run, clock) };
  };
}
