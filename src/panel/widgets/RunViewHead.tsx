import type { RunModel } from '../../core/model/types.js';
import { usePanel } from '../store-context.js';

/** A per-run view's toolbar: which run it shows, and where to choose another. */
export function RunViewHead({ run, label }: { readonly run: RunModel; readonly label: string }) {
  const { store } = usePanel();
  return (
    <div class="toolbar" role="toolbar" aria-label={label}>
      <span class="dim">{`Run ${store.runLabels.value.of(run).text} · choose another in the Run selector`}</span>
    </div>
  );
}

/** A per-run view before the session has any run. */
export function NoRunsYet() {
  return (
    <div class="empty" role="status">
      No runs yet.
    </div>
  );
}
