import { DETAIL_ID, focusActiveView } from '../focus.js';
import { useDraggedSetting } from '../hooks/use-dragged-setting.js';
import { useNarrow } from '../hooks/use-narrow.js';
import { usePanel } from '../store-context.js';
import { callInRun } from '../derive/selected.js';
import { CallDetail } from './CallDetail.js';
import { EventDetail } from '../events/EventDetail.js';
import { PaneSplitter } from './PaneSplitter.js';
import { RunDetail } from './RunDetail.js';
import { detailsOf } from '../view-registry.js';

/** The detail pane: the selected run, call or event; beside the view, or under it when narrow. */
export function DetailPane() {
  const { store } = usePanel();
  const stacked = useNarrow();
  const drag = useDraggedSetting(store.settings, 'detailSizePct');
  const { detail, call, event, run: runKey } = store.selection;
  // Each view has its own detail (as each DevTools panel does): a call selected on the
  // timeline does not cover the State view, and shows again back on the timeline.
  const kind = detail.value;
  if (!kind || !detailsOf(store.selection.view.value).includes(kind)) return null;
  let body = null;
  if (detail.value === 'run' && runKey.value) {
    const run = store.findRun(runKey.value);
    body = run ? <RunDetail run={run} /> : <div class="empty">The run is no longer in the session.</div>;
  } else if (detail.value === 'call' && call.value) {
    const run = store.findRun(call.value.runKey);
    const c = run ? callInRun(run, call.value.toolCallId) : undefined;
    body =
      run && c ? <CallDetail run={run} call={c} /> : <div class="empty">The call is no longer in the session.</div>;
  } else if (detail.value === 'event' && event.value) {
    body = <EventDetail at={event.value} />;
  }
  if (!body) return null;
  const size = drag.dragged ?? store.settings.settings.value.detailSizePct;
  const close = (): void => {
    store.selection.selectRun(undefined);
    store.selection.selectCall(undefined);
    store.selection.selectEvent(undefined);
    // The pane that may hold focus goes away: give it back to the list it came from.
    focusActiveView();
  };
  return (
    <>
      <PaneSplitter size={size} stacked={stacked} onPreview={drag.preview} onCommit={drag.commit} />
      <aside
        id={DETAIL_ID}
        class={`detail${stacked ? ' stacked' : ''}`}
        tabIndex={-1}
        aria-label="Details"
        style={{ '--detail-size': `${size}%` }}
      >
        <button type="button" class="detail-close" aria-label="Close details" title="Close (Esc)" onClick={close}>
          ✕
        </button>
        {body}
      </aside>
    </>
  );
}
