import { useEffect, useState } from 'preact/hooks';
import { jumpToFinding } from '../actions.js';
import { moveInGroups, type FindingMove } from '../derive/finding-nav.js';
import { focusDetail } from '../focus.js';
import { usePanel } from '../store-context.js';
import { findingOptionId } from './FindingCard.js';
import { FindingGroupView } from './FindingGroupView.js';
import { ViewRoot } from '../widgets/ViewRoot.js';

const PAGE = 100;
const PAGE_KEYS = 10;

/** Findings grouped by rule, errors first: a listbox moved with arrows / j k, Enter jumps. */
export function FindingsView() {
  return (
    <ViewRoot name="findings">
      <FindingsContent />
    </ViewRoot>
  );
}

function FindingsContent() {
  const { store } = usePanel();
  const index = store.findings.value;
  const model = store.capture.model.value;
  const selected = store.selection.finding.value;
  // Findings rendered per rule; keys past the page extend it, so every finding is reachable.
  const [shown, setShown] = useState<ReadonlyMap<string, number>>(new Map());
  const shownOf = (rule: string): number => shown.get(rule) ?? PAGE;
  useEffect(() => {
    if (selected === undefined) return;
    document.getElementById(findingOptionId(selected))?.scrollIntoView({ block: 'nearest' });
  }, [selected, shown]);
  if (index.groups.length === 0) {
    return (
      <div class="empty" role="status">
        {model.findings.length === 0 ? 'No findings.' : 'No findings match the filters.'}
      </div>
    );
  }
  const listed = selected !== undefined && index.groups.some((g) => g.items.includes(selected));

  const moveTo = (move: FindingMove): void => {
    const next = moveInGroups(index.groups, selected, move);
    if (next === undefined) return;
    const group = index.groups.find((g) => g.items.includes(next));
    const at = group ? group.items.indexOf(next) : -1;
    if (group && at >= shownOf(group.rule)) setShown(new Map(shown).set(group.rule, Math.ceil((at + 1) / PAGE) * PAGE));
    store.selection.finding.value = next;
  };
  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const moves: Record<string, FindingMove> = {
      ArrowDown: 'next',
      j: 'next',
      ArrowUp: 'prev',
      k: 'prev',
      Home: 'first',
      End: 'last',
      PageDown: { page: 1, size: PAGE_KEYS },
      PageUp: { page: -1, size: PAGE_KEYS },
    };
    const move = moves[e.key];
    if (move !== undefined) {
      e.preventDefault();
      moveTo(move);
    } else if (e.key === 'Enter' && selected !== undefined && listed) {
      // Same as a click: select the finding's call and event, then open the detail.
      e.preventDefault();
      jumpToFinding(store, selected);
      focusDetail();
    }
  };
  return (
    <div
      class="vlist findings"
      role="listbox"
      aria-label="Findings"
      tabIndex={0}
      data-nav-list
      onKeyDown={onKeyDown}
      aria-activedescendant={listed ? findingOptionId(selected) : undefined}
    >
      {index.groups.map((g, position) => (
        <FindingGroupView
          key={g.rule}
          group={g}
          position={position}
          rule={store.core.rules.get(g.rule)}
          shown={shownOf(g.rule)}
          onShowMore={() => setShown(new Map(shown).set(g.rule, shownOf(g.rule) + PAGE * 10))}
          findingAt={(i) => model.findings[i]}
        />
      ))}
    </div>
  );
}
