import { defaultPair } from '../store/compare-sides.js';
import { usePanel } from '../store-context.js';

/** Toolbar button: opens the Compare view (or closes it), comparing at once when two runs are in view. */
export function CompareRunsButton() {
  const { store } = usePanel();
  const open = store.compare.open.value;
  return (
    <button
      type="button"
      class="tb-btn tb-text"
      aria-pressed={open}
      aria-label="Compare runs"
      title="Compare two runs side by side"
      onClick={() => {
        if (open) store.compare.close();
        else store.compare.show(...defaultPair(store));
      }}
    >
      Compare<span class="wide-only"> runs</span>
    </button>
  );
}
