import type { Finding } from '../../core/findings.js';
import { jumpToFinding } from '../actions.js';
import { usePanel } from '../store-context.js';
import { findingTarget } from '../derive/note-target.js';
import { findingPlace } from '../derive/finding-place.js';
import { TargetNotes } from '../notes/TargetNotes.js';

/** The rule catalogue shipped with the extension (a page next to panel.html). */
export const ruleDocHref = (rule: string): string => `rules.html#${encodeURIComponent(rule)}`;

export const findingOptionId = (index: number): string => `fd-${index}`;

export interface FindingCardProps {
  readonly finding: Finding;
  readonly index: number;
  /** In the call detail: no spec excerpt, and a button to jump (it is not in a list there). */
  readonly compact?: boolean;
}

/**
 * One finding. In the Findings view: one row (severity, rule, run, call or message, the
 * first line of the message) that is an option of the listbox; the selected row expands in
 * place to the whole message, the hint, the spec quote and the rule's documentation. In the
 * call detail (compact) a card with a button to jump to its event.
 */
export function FindingCard({ finding, index, compact }: FindingCardProps) {
  const { store } = usePanel();
  const rule = store.core.rules.get(finding.rule);
  const selected = store.selection.finding.value === index;
  const throws = rule && rule.client !== 'no' ? `the official client throws here (${rule.client})` : undefined;
  const target = findingTarget(finding);
  const place = findingPlace(store, finding);
  const docs = (
    <a class="link" href={ruleDocHref(finding.rule)} target="_blank" rel="noreferrer" tabIndex={compact ? 0 : -1}>
      {`Rule ${finding.rule}`}
    </a>
  );
  const details = (
    <>
      {rule?.explain && <div class="dim">{rule.explain}</div>}
      {rule && <div class="spec">{`${rule.specRef ? `${rule.specRef}: ` : ''}“${rule.specText}”`}</div>}
    </>
  );
  if (compact) {
    return (
      <div class="section" data-finding={index} aria-current={selected ? 'true' : undefined}>
        <div>
          <span class={`badge sev-${finding.severity}`}>{finding.severity}</span>
          <span class="mono">{` ${finding.rule}`}</span>
          {rule?.fatal && <span class="badge sev-error">fatal</span>}
          {throws && <span class="badge sev-warning">{throws}</span>}
        </div>
        <div>{finding.message}</div>
        <div class="dim">
          {docs}
          {' · '}
          <button type="button" class="link" onClick={() => jumpToFinding(store, index)}>
            {place.where}
          </button>
        </div>
        {target && <TargetNotes target={target} what="finding" />}
      </div>
    );
  }
  const firstLine = finding.message.split('\n', 1)[0] ?? '';
  return (
    <div
      class="finding-opt"
      data-finding={index}
      id={findingOptionId(index)}
      role="option"
      aria-selected={selected}
      aria-expanded={selected}
      aria-label={`${finding.severity} ${finding.rule}: ${finding.message} (${place.where})`}
      onClick={() => jumpToFinding(store, index)}
    >
      <div class="finding-row" title={selected ? undefined : finding.message}>
        <span class={`sev-dot sev-${finding.severity}`} aria-hidden="true" />
        <span class="fr-run" title={place.runTitle}>
          {place.run}
        </span>
        <span class="fr-where mono" title={place.targetTitle}>
          {place.target}
        </span>
        <span class="fr-msg">{firstLine}</span>
      </div>
      {selected && (
        <div class="finding-more">
          {rule?.fatal && <span class="badge sev-error">fatal</span>}
          {throws && <span class="badge sev-warning">{throws}</span>}
          <div class="fr-full">{finding.message}</div>
          {details}
          <div class="dim">
            {docs}
            {` · ${place.where}`}
          </div>
        </div>
      )}
    </div>
  );
}
