import { useLayoutEffect } from 'preact/hooks';
import { DETAIL_ID, VIEW_ID, focusActiveView, focusActiveViewAfterRender } from '../focus.js';
import { useDetailOverlay } from '../hooks/detail-overlay.js';
import { useDraggedSetting } from '../hooks/use-dragged-setting.js';
import { usePanel } from '../store-context.js';
import { callInRun } from '../derive/selected.js';
import { CallDetail } from './CallDetail.js';
import { EventDetail } from '../events/EventDetail.js';
import { PaneSplitter } from './PaneSplitter.js';
import { RunDetail } from './RunDetail.js';
import { detailsOf } from '../view-registry.js';

/** The detail pane: the selected run, call or event; beside the view, or over it when narrow. */
export function DetailPane() {
  const { store } = usePanel();
  const overlay = useDetailOverlay();
  const drag = useDraggedSetting(store.settings, 'detailSizePct');
  const { detail, call, event, run: runKey } = store.selection;
  // Each view has its own detail (as each DevTools panel does): a call selected on the
  // timeline does not cover the State view, and shows again back on the timeline.
  const kind = detail.value;
  const shown = kind !== undefined && detailsOf(store.selection.view.value).includes(kind);
  const covering = overlay && shown;
  useLayoutEffect(() => {
    // Focus left in the list it covers would be lost there (the browser would drop it on
    // <body> as the list hides): it moves into the pane.
    const active = document.activeElement;
    if (covering && active && document.getElementById(VIEW_ID)?.contains(active))
      document.getElementById(DETAIL_ID)?.focus();
  }, [covering]);
  if (!shown) return null;
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
  if (overlay) {
    const back = (): void => {
      // The selection stays (highlighted in the list, where the list was scrolled).
      detail.value = undefined;
      focusActiveViewAfterRender();
    };
    return (
      <aside id={DETAIL_ID} class="detail overlay" tabIndex={-1} aria-label="Details">
        <div class="detail-bar">
          <button type="button" class="detail-back" title="Back to the list (Esc)" onClick={back}>
            <span aria-hidden="true">←</span> Back
          </button>
        </div>
        {body}
      </aside>
    );
  }
  return (
    <>
      <PaneSplitter size={size} onPreview={drag.preview} onCommit={drag.commit} />
      <aside id={DETAIL_ID} class="detail" tabIndex={-1} aria-label="Details" style={{ '--detail-size': `${size}%` }}>
        <button type="button" class="detail-close" aria-label="Close details" title="Close (Esc)" onClick={close}>
          ✕
        </button>
        {body}
      </aside>
    </>
  );
}
