import { trackDrag } from '../hooks/pointer-drag.js';
import { DETAIL_SIZE_MAX, DETAIL_SIZE_MIN, clampDetailSize } from '../store/settings-store.js';

export interface PaneSplitterProps {
  /** The detail pane's share of the main area, in %. */
  readonly size: number;
  onPreview(pct: number): void;
  onCommit(pct: number): void;
}

const STEP = 2;
const BIG_STEP = 10;

/**
 * The border between the view and the detail pane: drag it, or focus it and use the arrow
 * keys (toward the view grows the pane), Shift for bigger steps, Home / End for the limits.
 */
export function PaneSplitter({ size, onPreview, onCommit }: PaneSplitterProps) {
  const onPointerDown = (e: PointerEvent): void => {
    if (e.button !== 0) return;
    e.preventDefault();
    const el = e.currentTarget as HTMLElement;
    const area = el.parentElement?.getBoundingClientRect();
    if (!area || area.width <= 0 || area.height <= 0) return;
    const at = (ev: PointerEvent): number => clampDetailSize(((area.right - ev.clientX) / area.width) * 100);
    trackDrag(el, e, size, at, onPreview, onCommit);
  };
  const onKeyDown = (e: KeyboardEvent): void => {
    const step = e.shiftKey ? BIG_STEP : STEP;
    const next: Record<string, number> = {
      ArrowLeft: size + step,
      ArrowRight: size - step,
      Home: DETAIL_SIZE_MIN,
      End: DETAIL_SIZE_MAX,
    };
    const to = next[e.key];
    if (to === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    e.stopPropagation();
    onCommit(clampDetailSize(to));
  };
  return (
    <div
      class="pane-splitter"
      role="separator"
      // A vertical bar between side-by-side panes (narrow, the pane covers the view instead).
      aria-orientation="vertical"
      aria-label="Resize details"
      aria-valuenow={size}
      aria-valuemin={DETAIL_SIZE_MIN}
      aria-valuemax={DETAIL_SIZE_MAX}
      aria-valuetext={`details ${size}%`}
      title="Drag or use ← → to resize the details"
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
