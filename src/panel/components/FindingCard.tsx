import type { Finding } from '../../core/findings.js';
import { jumpToFinding } from '../actions.js';
import { usePanel } from '../store-context.js';

export const RULES_DOC = 'docs/rules.md';

/** One finding: rule id, severity, fatal / client-throws badges, message, spec excerpt. */
export function FindingCard({ finding, index, compact }: { readonly finding: Finding; readonly index: number; readonly compact?: boolean }) {
  const { store } = usePanel();
  const rule = store.core.rules.get(finding.rule);
  const selected = store.selection.finding.value === index;
  const throws = rule && rule.client !== 'no' ? `the official client throws here (${rule.client})` : undefined;
  return (
    <div class="section" aria-current={selected ? 'true' : undefined} data-finding={index}>
      <div>
        <span class={`badge sev-${finding.severity}`}>{finding.severity}</span>
        <span class="mono">{` ${finding.rule}`}</span>
        {rule?.fatal && <span class="badge sev-error">fatal</span>}
        {throws && <span class="badge sev-warning">{throws}</span>}
      </div>
      <div>{finding.message}</div>
      {!compact && rule && (
        <>
          {rule.explain && <div class="dim">{rule.explain}</div>}
          <div class="spec">{`${rule.specRef ? `${rule.specRef}: ` : ''}“${rule.specText}”`}</div>
        </>
      )}
      <div class="dim">
        <span>{`${RULES_DOC} › `}</span>
        <code title={`See ${RULES_DOC} in the repository, rule ${finding.rule}`}>{finding.rule}</code>
        {' · '}
        <button type="button" class="link" onClick={() => jumpToFinding(store, index)}>
          {`${finding.toolCallId ? `call ${finding.toolCallId} · ` : ''}event #${finding.events[0] ?? '?'}`}
        </button>
      </div>
    </div>
  );
}
