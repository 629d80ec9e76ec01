import type { Finding, RuleInfo } from '../../core/findings.js';
import type { FindingGroup } from '../derive/finding-index.js';
import { FindingCard } from './FindingCard.js';

export interface FindingGroupViewProps {
  readonly group: FindingGroup;
  /** Position among the groups (for element ids; rule ids are not id-safe). */
  readonly position: number;
  readonly rule?: RuleInfo;
  /** How many of the group's findings are rendered (the view pages them). */
  readonly shown: number;
  onShowMore(): void;
  readonly findingAt: (i: number) => Finding | undefined;
}

/** One rule's findings: a header with the count, then the findings (paged). */
export function FindingGroupView({ group, position, rule, shown, onShowMore, findingAt }: FindingGroupViewProps) {
  const head = `fg-${position}`;
  const hidden = group.items.length - shown;
  return (
    <div class="finding-group" role="group" aria-labelledby={head}>
      <div id={head} class="finding-group-head">
        <span class={`badge sev-${group.severity}`}>{group.severity}</span>
        <span class="mono">{` ${group.rule} `}</span>
        <span class="dim">{`(${group.items.length})`}</span>
        {rule?.fatal && <span class="badge sev-error">fatal</span>}
      </div>
      {group.items.slice(0, shown).map((i) => {
        const f = findingAt(i);
        return f ? <FindingCard key={i} finding={f} index={i} /> : null;
      })}
      {/* Arrow keys page in on their own; this is for the pointer. */}
      {hidden > 0 && (
        <div
          class="section link-like"
          role="option"
          aria-selected={false}
          aria-label={`Show ${hidden} more ${group.rule} findings`}
          onClick={onShowMore}
        >
          {`show more (${hidden} hidden)`}
        </div>
      )}
    </div>
  );
}
