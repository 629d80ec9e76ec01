import { useState } from 'preact/hooks';
import type { RunModel } from '../../core/model/types.js';
import type { RunLabelIndex } from '../derive/run-labels.js';
import { runOutcome } from '../derive/format.js';
import { usePanel } from '../store-context.js';
import { replayedLabel } from '../derive/replayed-label.js';

/** Up to this many runs the options are always in the DOM; beyond it they are built on demand. */
export const EAGER_RUN_OPTIONS = 200;

const optionOf = (labels: RunLabelIndex, r: RunModel, rejected: string | undefined, replayed: string | undefined) => (
  <option key={r.key} value={r.key} title={labels.of(r).title}>
    {`${labels.of(r).text} (${runOutcome(r)}${rejected ? ` · ${rejected}` : ''}${replayed ? ` · ${replayed}` : ''})`}
  </option>
);

/** Narrow every view to one run (or all). */
export function RunSelector() {
  const { store } = usePanel();
  const runs = store.capture.model.value.runs;
  const selected = store.selection.runFilter.value ?? '';
  const rejections = store.rejections.value;
  const labels = store.runLabels.value;
  // A large session has thousands of runs: as options they were most of the panel's DOM
  // and were rebuilt on every live update while the select sat closed. They are built
  // when the select is about to be used (pointer down, focus: both come before it opens
  // or takes a key) and dropped when it loses focus.
  const [open, setOpen] = useState(false);
  const options = [];
  if (open || runs.length <= EAGER_RUN_OPTIONS) {
    for (let i = 0; i < runs.length; i++) {
      const r = runs[i];
      if (r)
        options.push(optionOf(labels, r, rejections.labelOf(r), replayedLabel(store.findStream(r.streamId)?.info)));
    }
  } else if (selected) {
    const r = store.findRun(selected);
    if (r) options.push(optionOf(labels, r, rejections.labelOf(r), replayedLabel(store.findStream(r.streamId)?.info)));
  }
  return (
    <select
      class="tb-select"
      aria-label="Run"
      value={selected}
      onPointerDown={() => setOpen(true)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
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
