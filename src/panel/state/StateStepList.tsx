import { useEffect, useRef } from 'preact/hooks';
import { useVirtualList } from '../hooks/use-virtual-list.js';
import { NavList } from '../widgets/NavList.js';
import { patchOps, type StateHistory, type StateStep } from '../derive/state-history.js';

const KIND = { input: 'input state', snapshot: 'STATE_SNAPSHOT', delta: 'STATE_DELTA' } as const;

function summary(step: StateStep): string {
  if (step.kind !== 'delta') return KIND[step.kind];
  const ops = patchOps(step.value);
  return `${KIND.delta} ${ops.map((o) => `${o.op} ${o.path}`).join(', ')}`;
}

/** Every step of the run, virtualized; only the rows on screen replay their state (to mark failed patches). */
export function StateStepList({
  steps,
  history,
  at,
  onPick,
}: {
  readonly steps: readonly StateStep[];
  readonly history: StateHistory;
  readonly at: number;
  readonly onPick: (step: number) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const list = useVirtualList(steps.length, scroller);
  const { scrollToIndex } = list;
  useEffect(() => scrollToIndex(at), [at, scrollToIndex]);
  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const d = ({ ArrowDown: 1, j: 1, ArrowUp: -1, k: -1, PageDown: 20, PageUp: -20 } as Record<string, number>)[e.key];
    const to = d !== undefined ? at + d : e.key === 'Home' ? 0 : e.key === 'End' ? steps.length - 1 : undefined;
    if (to === undefined) return;
    e.preventDefault();
    onPick(Math.max(0, Math.min(steps.length - 1, to)));
  };
  return (
    <NavList
      listRef={scroller}
      extraClass="state-steps"
      label="State steps"
      onKeyDown={onKeyDown}
      activeId={`st-row-${at}`}
      height={list.totalSize}
    >
      {list.items.map((item) => {
        const step = steps[item.index];
        if (!step) return null;
        const failed = step.kind === 'delta' && history.stateAt(item.index)?.error !== undefined;
        return (
          <div
            key={item.key}
            id={`st-row-${item.index}`}
            class={`row${failed ? ' sev-error' : ''}`}
            role="option"
            aria-selected={item.index === at}
            style={{ transform: `translateY(${item.start}px)` }}
            onClick={() => onPick(item.index)}
          >
            <span class="dim mono">{`${item.index + 1}${step.event >= 0 ? ` · #${step.event}` : ''}`}</span>
            <span>{`${summary(step)}${failed ? ' — patch failed' : ''}`}</span>
          </div>
        );
      })}
    </NavList>
  );
}
