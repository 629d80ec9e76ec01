// The run a per-run view (State) shows: the one the run selector narrows to, else the
// one open in the detail pane, else the latest.
import type { RunModel } from '../../core/model/types.js';
import type { PanelStore } from '../store/panel-store.js';

export function viewRun(store: PanelStore): RunModel | undefined {
  const picked = store.selectedRun.value;
  if (picked) return picked;
  const shown = store.selection.detail.value === 'run' ? store.selection.run.value : store.selection.call.value?.runKey;
  const run = shown === undefined ? undefined : store.findRun(shown);
  if (run) return run;
  const runs = store.capture.model.value.runs;
  return runs[runs.length - 1];
}
