import { useState } from 'preact/hooks';
import type { Finding, RuleInfo } from '../../core/findings.js';
import type { FindingGroup } from '../derive/finding-index.js';
import { FindingCard } from './FindingCard.js';

const PAGE = 100;

/** One rule's findings: a header with the count, then the findings (paged). */
export function FindingGroupView({ group, rule, findingAt }: { readonly group: FindingGroup; readonly rule?: RuleInfo; readonly findingAt: (i: number) => Finding | undefined }) {
  const [shown, setShown] = useState(PAGE);
  return (
    <details class="finding-group" open>
      <summary>
        <span class={`badge sev-${group.severity}`}>{group.severity}</span>
        <span class="mono">{` ${group.rule} `}</span>
        <span class="dim">{`(${group.items.length})`}</span>
        {rule?.fatal && <span class="badge sev-error">fatal</span>}
      </summary>
      {group.items.slice(0, shown).map((i) => {
        const f = findingAt(i);
        return f ? <FindingCard key={i} finding={f} index={i} /> : null;
      })}
      {group.items.length > shown && (
        <button type="button" class="link section" onClick={() => setShown(shown + PAGE * 10)}>
          {`show more (${group.items.length - shown} hidden)`}
        </button>
      )}
    </details>
  );
}
