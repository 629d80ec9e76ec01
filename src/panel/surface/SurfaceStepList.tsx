import { useEffect, useRef } from 'preact/hooks';
import type { SurfaceStep } from '../derive/surface-history.js';
import { useVirtualList } from '../hooks/use-virtual-list.js';
import { NavList } from '../widgets/NavList.js';

function summary(step: SurfaceStep): string {
  const ops = step.messages.map((m) => `${m.op ?? '?'}${m.surfaceId === undefined ? '' : ` ${m.surfaceId}`}`);
  return `${step.source}: ${ops.join(', ') || 'no operations'}`;
}

/** Every step that carried A2UI messages, virtualized. */
export function SurfaceStepList({
  steps,
  at,
  onPick,
}: {
  readonly steps: readonly SurfaceStep[];
  readonly at: number;
  readonly onPick: (step: number) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const list = useVirtualList(steps.length, scroller);
  const { scrollToIndex } = list;
  useEffect(() => scrollToIndex(at), [at, scrollToIndex]);
  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const d = ({ ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 } as Record<string, number>)[e.key];
    const to = d !== undefined ? at + d : e.key === 'Home' ? 0 : e.key === 'End' ? steps.length - 1 : undefined;
    if (to === undefined) return;
    e.preventDefault();
    onPick(Math.max(0, Math.min(steps.length - 1, to)));
  };
  // A surface run has a few steps: the list takes their height, up to the State view's 120 px.
  return (
    <div class="surface-steps-box" style={{ height: `${Math.min(list.totalSize, 120)}px` }}>
      <NavList
        listRef={scroller}
        extraClass="surface-steps"
        label="Surface steps"
        onKeyDown={onKeyDown}
        activeId={`sf-row-${at}`}
        height={list.totalSize}
      >
        {list.items.map((item) => {
          const step = steps[item.index];
          if (!step) return null;
          return (
            <div
              key={item.key}
              id={`sf-row-${item.index}`}
              class="row"
              role="option"
              aria-selected={item.index === at}
              style={{ transform: `translateY(${item.start}px)` }}
              onClick={() => onPick(item.index)}
            >
              <span class="dim mono">{`${item.index + 1} · #${step.event}`}</span>
              <span title={summary(step)}>{summary(step)}</span>
            </div>
          );
        })}
      </NavList>
    </div>
  );
}
