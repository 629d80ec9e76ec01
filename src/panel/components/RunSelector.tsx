import { logAt } from '../../core/model/log.js';
import { runLabel, runOutcome } from '../derive/format.js';
import { usePanel } from '../store-context.js';

/** Narrow every view to one run (or all). */
export function RunSelector() {
  const { store } = usePanel();
  const runs = store.capture.model.value.runs;
  const selected = store.selection.runFilter.value ?? '';
  const options = [];
  // The selector lists every run; a session with thousands of runs is rare, and a native
  // select stays fast with that many options.
  for (let i = 0; i < runs.length; i++) {
    const r = logAt(runs, i);
    if (r) options.push(<option key={r.key} value={r.key}>{`${runLabel(r)} (${runOutcome(r)})`}</option>);
  }
  return (
    <select
      class="tb-select"
      aria-label="Run"
      value={selected}
      onChange={(e) => {
        const v = (e.currentTarget as HTMLSelectElement).value;
        store.selection.runFilter.value = v === '' ? undefined : v;
      }}
    >
      <option value="">{`All runs (${runs.length})`}</option>
      {options}
    </select>
  );
}
