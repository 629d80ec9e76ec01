import { useEffect, useState } from 'preact/hooks';
import { healthProblem, meanEventBytes } from '../store/health.js';
import { usePanel } from '../store-context.js';
import { NOTICE_FADE_MS, noticeLife } from '../derive/notice-life.js';

/** Status line under the toolbar: why nothing arrives, import/export results, redactions. */
export function Banner() {
  const { store } = usePanel();
  const health = store.capture.health.value;
  const perEvent = health.dropped > 0 ? meanEventBytes(store.capture.model.value.streams) : undefined;
  const problem = healthProblem(health, store.capture.recording.value, perEvent);
  const notice = store.notice.value;
  const last = store.lastExport.value;
  const life = notice ? noticeLife(notice, (last?.redactions?.length ?? 0) > 0) : undefined;
  // A confirmation fades after a few seconds, but not while the pointer or focus is on it.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!notice || !life?.fades || held) return;
    const timer = setTimeout(() => {
      if (store.notice.peek() === notice) store.notice.value = undefined;
    }, NOTICE_FADE_MS);
    return () => clearTimeout(timer);
  }, [notice, life?.fades, held, store.notice]);
  return (
    <>
      {problem && (
        <div class="banner" role="status" aria-label="Capture problem">
          {problem}
        </div>
      )}
      {notice && (
        <div
          class={`banner info${life?.fades ? ' fades' : ''}`}
          role="status"
          aria-label="Notice"
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocusIn={() => setHeld(true)}
          onFocusOut={() => setHeld(false)}
        >
          <span>{notice}</span>
          {life && !life.fades && <span class="dim notice-why">{`Stays until dismissed: ${life.why}.`}</span>}
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
