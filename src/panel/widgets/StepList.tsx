import { useEffect, useRef } from 'preact/hooks';
import { useVirtualList } from '../hooks/use-virtual-list.js';
import { NavList } from './NavList.js';

/** What one row of a step list says. */
export interface StepRow {
  /** The step's place: "3 · #12" (its number, and the event it came from). */
  readonly place: string;
  readonly text: string;
  /** Marked as an error (a patch that failed). */
  readonly failed?: boolean;
  /** The whole text on hover, where a long one is cut. */
  readonly title?: string;
}

const MOVES: Readonly<Record<string, number>> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1, PageDown: 20, PageUp: -20 };

/**
 * The steps of a per-run view (State, Surface), virtualized, one selected: the arrows, j / k,
 * Page Up / Down, Home and End move it, a click picks one. Only the rows on screen are asked
 * for their text (a State row replays its state to mark a failed patch).
 */
export function StepList<T>(props: {
  /** The view's name: "State" lists "State steps" (its accessible name, a contract), class state-steps. */
  readonly view: string;
  readonly steps: readonly T[];
  readonly at: number;
  readonly onPick: (step: number) => void;
  readonly row: (step: T, index: number) => StepRow;
}) {
  const { view, steps, at, onPick, row } = props;
  const count = steps.length;
  const idPrefix = `${view.toLowerCase()}-step-`;
  const scroller = useRef<HTMLDivElement>(null);
  const list = useVirtualList(count, scroller);
  const { scrollToIndex } = list;
  useEffect(() => scrollToIndex(at), [at, scrollToIndex]);
  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const d = MOVES[e.key];
    const to = d !== undefined ? at + d : e.key === 'Home' ? 0 : e.key === 'End' ? count - 1 : undefined;
    if (to === undefined) return;
    e.preventDefault();
    onPick(Math.max(0, Math.min(count - 1, to)));
  };
  return (
    <NavList
      listRef={scroller}
      extraClass={`${view.toLowerCase()}-steps`}
      label={`${view} steps`}
      onKeyDown={onKeyDown}
      activeId={`${idPrefix}${at}`}
      height={list.totalSize}
    >
      {list.items.map((item) => {
        const step = steps[item.index];
        if (step === undefined) return null;
        const r = row(step, item.index);
        return (
          <div
            key={item.key}
            id={`${idPrefix}${item.index}`}
            class={`row${r.failed ? ' sev-error' : ''}`}
            role="option"
            aria-selected={item.index === at}
            style={{ transform: `translateY(${item.start}px)` }}
            onClick={() => onPick(item.index)}
          >
            <span class="dim mono">{r.place}</span>
            <span title={r.title}>{r.text}</span>
          </div>
        );
      })}
    </NavList>
  );
}
