import type { ComponentChildren, Ref } from 'preact';

/**
 * The frame of a virtual list the keyboard walks (events, timeline lanes, state steps): a
 * focusable listbox marked `data-nav-list`, naming its selected row for assistive tech,
 * around one box as tall as all rows, in which the shown rows are placed.
 */
export function NavList({
  listRef,
  extraClass,
  label,
  onKeyDown,
  activeId,
  height,
  children,
}: {
  readonly listRef: Ref<HTMLDivElement>;
  readonly extraClass?: string;
  readonly label: string;
  readonly onKeyDown: (e: KeyboardEvent) => void;
  /** The selected row's element id; undefined when none is. */
  readonly activeId: string | undefined;
  /** All rows' height (px). */
  readonly height: number;
  readonly children: ComponentChildren;
}) {
  return (
    <div
      ref={listRef}
      class={extraClass ? `vlist ${extraClass}` : 'vlist'}
      role="listbox"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-nav-list
      aria-activedescendant={activeId}
    >
      <div class="vlist-inner" style={{ height: `${height}px` }}>
        {children}
      </div>
    </div>
  );
}
