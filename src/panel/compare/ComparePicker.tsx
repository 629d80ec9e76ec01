import { currentSide, keptSide, type SideId } from '../store/compare-store.js';
import { sessionSource } from '../store/compare-sides.js';
import { usePanel } from '../store-context.js';

/** Runs listed per picker: the picker of a huge session shows the latest ones (and the picked one). */
const MAX_OPTIONS = 500;

/** One side's run: a run of the session on screen or a kept one. */
export function ComparePicker({
  label,
  value,
  onPick,
}: {
  readonly label: string;
  readonly value: SideId | undefined;
  readonly onPick: (side: SideId | undefined) => void;
}) {
  const { store } = usePanel();
  const runs = store.capture.model.value.runs;
  const source = sessionSource(store);
  const labels = store.runLabels.value;
  const from = Math.max(0, runs.length - MAX_OPTIONS);
  const options = [];
  for (let i = from; i < runs.length; i++) {
    const r = runs[i];
    if (r) options.push(<option key={r.key} value={currentSide(r.key)}>{`${labels.of(r).text} (${source})`}</option>);
  }
  if (value?.startsWith('run:') && from > 0) {
    const r = store.findRun(value.slice(4));
    if (r && runs.indexOf(r) < from)
      options.unshift(<option key={r.key} value={value}>{`${labels.of(r).text} (${source})`}</option>);
  }
  return (
    <label class="cmp-pick">
      <span>{label}</span>
      <select
        class="tb-select"
        aria-label={label}
        value={value ?? ''}
        onChange={(e) => {
          const v = (e.currentTarget as HTMLSelectElement).value;
          onPick(v === '' ? undefined : v);
        }}
      >
        <option value="">(pick a run)</option>
        {store.compare.kept.value.map((k) => (
          <option key={`k${k.id}`} value={keptSide(k.id)}>{`${labels.of(k.run).text} (kept, ${k.source})`}</option>
        ))}
        {options}
      </select>
    </label>
  );
}
