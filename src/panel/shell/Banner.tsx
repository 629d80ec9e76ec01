import { healthProblem } from '../store/health.js';
import { usePanel } from '../store-context.js';

/** Status line under the toolbar: why nothing arrives, import/export results, redactions. */
export function Banner() {
  const { store } = usePanel();
  const problem = healthProblem(store.capture.health.value, store.capture.recording.value);
  const notice = store.notice.value;
  const last = store.lastExport.value;
  return (
    <>
      {problem && (
        <div class="banner" role="status" aria-label="Capture problem">
          {problem}
        </div>
      )}
      {notice && (
        <div class="banner info" role="status" aria-label="Notice">
          <span>{notice}</span>
          {last?.redactions && (
            <details>
              <summary>{`What was redacted (${last.redactions.length})`}</summary>
              <ul class="mono" aria-label="Redacted values">
                {last.redactions.slice(0, 500).map((r, i) => (
                  <li key={i}>{r}</li>
                ))}
                {last.redactions.length > 500 && <li>{`… ${last.redactions.length - 500} more`}</li>}
              </ul>
            </details>
          )}
          <button
            type="button"
            class="link"
            aria-label="Dismiss notice"
            onClick={() => (store.notice.value = undefined)}
          >
            ✕
          </button>
        </div>
      )}
    </>
  );
}
