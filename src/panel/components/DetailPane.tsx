import { DETAIL_ID } from '../focus.js';
import { usePanel } from '../store-context.js';
import { callInRun } from '../derive/selected.js';
import { CallDetail } from './CallDetail.js';
import { EventDetail } from './EventDetail.js';
import { RunDetail } from './RunDetail.js';

/** The right-hand pane: the selected run, call or event. */
export function DetailPane() {
  const { store } = usePanel();
  const { detail, call, event, run: runKey } = store.selection;
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
  return (
    <aside id={DETAIL_ID} class="detail" tabIndex={-1} aria-label="Details">
      {body}
    </aside>
  );
}
