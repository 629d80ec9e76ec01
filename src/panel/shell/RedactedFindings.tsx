import { useMemo } from 'preact/hooks';
import type { Finding } from '../../core/findings.js';
import { againstOriginal, type OriginalFinding } from '../core-deps.js';
import { usePanel } from '../store-context.js';

type Located = Pick<Finding, 'rule' | 'severity' | 'streamId' | 'events'>;

/**
 * A redacted file opened in the panel or the viewer: its findings were recomputed from masked
 * data, which can lint differently from the customer's session. The file carries the original's
 * findings; this says so plainly and lists what the masked data lost or gained.
 */
export function RedactedFindings() {
  const { store } = usePanel();
  const original = store.importedOriginal.value;
  const findings = store.capture.model.value.findings;
  const compared = useMemo(
    () => (original === undefined ? undefined : againstOriginal(findings, original)),
    [original, findings],
  );
  if (compared === undefined) return null;
  const { lost, added } = compared;
  const count = compared.original.length;
  if (lost.length === 0 && added.length === 0)
    return (
      <section class="bug-report-pane redacted-findings" aria-label="Redacted file findings">
        <p class="redacted-findings-line">
          {count === 0
            ? 'Redacted file: its data is masked. Like the original, it has no findings (checked when it was redacted).'
            : `Redacted file: its data is masked. The ${count} finding(s) shown are the original's, as checked when it was redacted.`}
        </p>
      </section>
    );
  const where = (f: Located): string => {
    const run = store.findRunAt(f.streamId, f.events[0] ?? 0);
    return `${run ? `run ${store.runLabels.value.of(run).text}, ` : ''}event #${f.events[0] ?? '?'}`;
  };
  const explain = (rule: string): string | undefined => store.core.rules.get(rule)?.explain;
  const item = (f: Located, i: number) => (
    <li key={i}>
      <span class={`badge sev-${f.severity}`}>{f.severity}</span> <code>{f.rule}</code>
      {` at ${where(f)}`}
      {explain(f.rule) && <span class="dim">{` — ${explain(f.rule)}`}</span>}
    </li>
  );
  return (
    <section class="bug-report-pane redacted-findings" aria-label="Redacted file findings">
      <details open>
        <summary>
          {`Redacted file: its masked data lints differently from the original. The original had ${count} finding(s); ${lost.length} of them are not in the Findings list, and ${added.length} there the original did not have.`}
        </summary>
        <div class="redacted-findings-body">
          <h4>{`Only in the original (${lost.length})`}</h4>
          {lost.length > 0 ? (
            <ul aria-label="Findings only in the original">{lost.map((f: OriginalFinding, i) => item(f, i))}</ul>
          ) : (
            <p class="dim">None.</p>
          )}
          <h4>{`Made by redaction, not in the original (${added.length})`}</h4>
          {added.length > 0 ? (
            <ul aria-label="Findings made by redaction">{added.map((f, i) => item(f, i))}</ul>
          ) : (
            <p class="dim">None.</p>
          )}
        </div>
      </details>
    </section>
  );
}
