import { CheckChoice, RadioChoice } from '../widgets/Choice.js';
import { useState } from 'preact/hooks';
import { buildBugReport, type BugRedaction } from '../io/bug-report-actions.js';
import { copyWithNotice } from '../io/export-actions.js';
import { claimFileName, downloadBlob } from '../io/download.js';
import { timelinePicture } from '../io/timeline-picture.js';
import { usePanel } from '../store-context.js';

const REDACTIONS: readonly { readonly id: BugRedaction; readonly label: string }[] = [
  { id: 'strict', label: 'Strict: data masked; ids, names, state keys and URL paths replaced by pseudonyms' },
  { id: 'masked', label: 'Redacted: data values masked, lengths kept' },
  { id: 'lengths-hidden', label: 'Redacted: data values masked, lengths hidden' },
  { id: 'none', label: 'Not redacted (credentials removed only)' },
];

/** Lets the timeline render (it may have been behind another tab) before it is drawn. */
const nextFrames = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** Export bug report…: the person picks what the file keeps; the summary is shown before it goes anywhere. */
export function BugReportDialog({ onClose }: { readonly onClose: () => void }) {
  const { store } = usePanel();
  // Strict by default: a bug report is written to be sent to someone else.
  const [redaction, setRedaction] = useState<BugRedaction>('strict');
  const [onlyRun, setOnlyRun] = useState(false);
  const [withNotes, setWithNotes] = useState(true);
  const [picture, setPicture] = useState(true);
  const [summary, setSummary] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  // The run in view: the run selector's, else the one in the detail pane, else the selected call's.
  const { selection } = store;
  const runKey = selection.runFilter.value ?? selection.run.value ?? selection.call.value?.runKey;
  const run = runKey !== undefined ? store.findRun(runKey) : undefined;
  const noteCount = store.notes.list.value.length;
  const choices = () => ({
    redaction,
    notes: withNotes,
    ...(onlyRun && run ? { runKey: run.key } : {}),
  });
  const browser = typeof navigator === 'undefined' ? '(unknown)' : navigator.userAgent;

  const exportReport = async (): Promise<void> => {
    setBusy(true);
    try {
      let png: string | undefined;
      if (picture) {
        store.compare.close();
        store.selection.view.value = 'timeline';
        await nextFrames();
        png = await timelinePicture();
      }
      const out = buildBugReport(store, choices(), {
        now: Date.now(),
        browser,
        ...(png !== undefined ? { timelinePng: png } : {}),
      });
      setSummary(out.summary);
      const name = claimFileName(out.name);
      downloadBlob(name, out.text);
      store.notice.value = `Exported bug report ${name}${png === undefined && picture ? ' (no timeline picture: nothing to draw)' : ''}`;
    } finally {
      setBusy(false);
    }
  };
  const copySummary = async (): Promise<void> => {
    const out = buildBugReport(store, choices(), { now: Date.now(), browser });
    setSummary(out.summary);
    await copyWithNotice(store, 'bug report summary', out.summary);
  };

  return (
    <div class="modal-backdrop">
      <div
        class="modal"
        role="dialog"
        aria-modal="true"
        aria-label="Export bug report"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <h2>Export bug report</h2>
        <p class="dim">
          One file with the session, the notes, a picture of the timeline and a Markdown summary. Redaction is the same
          as for redacted session exports.
        </p>
        <fieldset>
          <legend>Session data</legend>
          {REDACTIONS.map((r) => (
            <RadioChoice
              key={r.id}
              extraClass="modal-row"
              name="bug-redaction"
              checked={redaction === r.id}
              onPick={() => setRedaction(r.id)}
            >
              {r.label}
            </RadioChoice>
          ))}
        </fieldset>
        <fieldset>
          <legend>Include</legend>
          <CheckChoice extraClass="modal-row" checked={onlyRun && !!run} disabled={!run} onToggle={setOnlyRun}>
            {run ? `Only the selected run (${run.runId})` : 'Only the selected run (none selected)'}
          </CheckChoice>
          <CheckChoice extraClass="modal-row" checked={withNotes} onToggle={setWithNotes}>
            {`Notes (${noteCount})`}
          </CheckChoice>
          <CheckChoice extraClass="modal-row" checked={picture} onToggle={setPicture}>
            Picture of the timeline as on screen (its labels, such as ids, tool names and run outcomes, are not
            redacted)
          </CheckChoice>
        </fieldset>
        <div class="detail-actions">
          <button type="button" class="tb-btn tb-text" disabled={busy} onClick={() => void exportReport()}>
            Export bug report
          </button>
          <button type="button" class="tb-btn tb-text" onClick={() => void copySummary()}>
            Copy summary
          </button>
          <button type="button" class="tb-btn tb-text" onClick={onClose}>
            Close
          </button>
        </div>
        {summary !== undefined && (
          <pre class="modal-summary scroll-text" aria-label="Bug report summary">
            {summary}
          </pre>
        )}
      </div>
    </div>
  );
}
