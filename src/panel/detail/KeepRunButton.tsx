import type { RunModel } from '../../core/model/types.js';
import { findingsOfRun } from '../derive/compare/run-findings.js';
import { sessionSource } from '../store/compare-sides.js';
import { usePanel } from '../store-context.js';

/** Keeps a run for the Compare view, so it can be compared after an import or Clear. */
export function KeepRunButton({ run }: { readonly run: RunModel }) {
  const { store } = usePanel();
  const kept = store.compare.kept.value.some((k) => k.run === run);
  return (
    <button
      type="button"
      class="tb-btn tb-text"
      disabled={kept}
      onClick={() => {
        store.compare.keep({
          source: sessionSource(store),
          run,
          findings: findingsOfRun(store.capture.model.peek().findings, run),
        });
        store.notice.value = `Kept ${store.runLabels.value.of(run).mention} for comparison`;
      }}
    >
      {kept ? 'Kept for comparison' : 'Keep for comparison'}
    </button>
  );
}
