import { jumpToFinding } from '../actions.js';
import { usePanel } from '../store-context.js';

const SHOWN = 20;

/** The timeline with no lane: nothing yet, nothing matching, or findings but no run. */
export function TimelineEmpty() {
  const { store } = usePanel();
  const model = store.capture.model.value;
  const order = store.findings.value.order;
  if (model.runs.length > 0 || store.placeholders.value.length > 0)
    return (
      <div class="empty" role="status">
        No lanes match the filter.
      </div>
    );
  if (order.length === 0)
    return (
      <div class="empty" role="status">
        No runs yet. Runs appear here as AG-UI streams arrive, or import a file.
      </div>
    );
  // An import can hold findings and no run (nothing started one): the findings are the news.
  return (
    <div class="empty findings-only" role="status">
      <p>{`No runs in this session, but ${order.length} finding(s):`}</p>
      <ul aria-label="Findings without a run">
        {order.slice(0, SHOWN).map((fi) => {
          const f = model.findings[fi];
          if (!f) return null;
          return (
            <li key={fi}>
              <button type="button" class="link" onClick={() => jumpToFinding(store, fi)}>
                <span class={`sev-${f.severity}`}>{f.rule}</span>
                {`: ${f.message}`}
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={() => (store.selection.view.value = 'findings')}>
        {order.length > SHOWN ? `All ${order.length} in Findings` : 'Open Findings'}
      </button>
    </div>
  );
}
