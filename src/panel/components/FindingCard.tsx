import type { Finding } from '../../core/findings.js';
import { jumpToFinding } from '../actions.js';
import { usePanel } from '../store-context.js';
import { findingTarget } from '../derive/note-target.js';
import { TargetNotes } from './TargetNotes.js';

export const RULES_DOC = 'docs/rules.md';

export const findingOptionId = (index: number): string => `fd-${index}`;

export interface FindingCardProps {
  readonly finding: Finding;
  readonly index: number;
  /** In the call detail: no spec excerpt, and a button to jump (it is not in a list there). */
  readonly compact?: boolean;
}

/**
 * One finding: rule id, severity, fatal / client-throws badges, message, spec excerpt.
 * In the Findings view it is an option of the listbox (the whole card is the target, so
 * it holds no nested button); in the call detail a link button jumps to its event.
 */
export function FindingCard({ finding, index, compact }: FindingCardProps) {
  const { store } = usePanel();
  const rule = store.core.rules.get(finding.rule);
  const selected = store.selection.finding.value === index;
  const throws = rule && rule.client !== 'no' ? `the official client throws here (${rule.client})` : undefined;
  const target = findingTarget(finding);
  const where = `${finding.toolCallId ? `call ${finding.toolCallId} · ` : ''}event #${finding.events[0] ?? '?'}`;
  const optionProps = compact
    ? { 'aria-current': selected ? ('true' as const) : undefined }
    : {
        id: findingOptionId(index),
        role: 'option' as const,
        'aria-selected': selected,
        'aria-label': `${finding.severity} ${finding.rule}: ${finding.message} (${where})`,
        onClick: () => jumpToFinding(store, index),
      };
  return (
    <div class={`section${compact ? '' : ' finding-opt'}`} data-finding={index} {...optionProps}>
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
        {compact ? (
          <button type="button" class="link" onClick={() => jumpToFinding(store, index)}>
            {where}
          </button>
        ) : (
          <span class="link-like">{where}</span>
        )}
      </div>
      {/* A listbox option holds no buttons: notes on findings are added where the card is compact. */}
      {compact && target && <TargetNotes target={target} what="finding" />}
    </div>
  );
}
