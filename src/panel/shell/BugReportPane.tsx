import { useMemo } from 'preact/hooks';
import { usePanel } from '../store-context.js';
import { MarkdownText } from '../widgets/MarkdownText.js';

/** A bug report opened in the panel or the viewer: its summary and timeline picture beside the session. */
export function BugReportPane() {
  const { store } = usePanel();
  const report = store.importedReport.value;
  const name = store.importedName.value;
  const src = useMemo(
    () => (report?.timelinePng !== undefined ? `data:image/png;base64,${report.timelinePng}` : undefined),
    [report?.timelinePng],
  );
  if (!report) return null;
  return (
    <section class="bug-report-pane" aria-label="Bug report">
      <details open>
        <summary>{`Bug report${name ? ` ${name}` : ''}: summary${src ? ' and timeline picture' : ''}`}</summary>
        <div class="bug-report-body">
          {report.summary.trim() === '' ? (
            <p class="dim">This report has no summary.</p>
          ) : (
            <MarkdownText source={report.summary} label="Bug report summary" />
          )}
          {src ? (
            <figure class="bug-report-picture">
              <img src={src} alt="Timeline picture from the bug report" />
              <figcaption class="dim">
                The timeline as the reporter saw it (drawn then, not from this session).
              </figcaption>
            </figure>
          ) : (
            <p class="dim">No timeline picture in this report.</p>
          )}
        </div>
      </details>
    </section>
  );
}
