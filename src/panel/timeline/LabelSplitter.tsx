import { trackDrag } from '../hooks/pointer-drag.js';
import { LABEL_WIDTH_MAX, LABEL_WIDTH_MIN, clampLabelWidth } from '../store/settings-store.js';

export interface LabelSplitterProps {
  readonly width: number;
  /** While dragging: the view follows without touching settings (one write per drag). */
  onPreview(px: number): void;
  onCommit(px: number): void;
}

const STEP = 10;
const BIG_STEP = 50;

/** The draggable, keyboard-operable border between the timeline's labels and its track. */
export function LabelSplitter({ width, onPreview, onCommit }: LabelSplitterProps) {
  const onPointerDown = (e: PointerEvent): void => {
    if (e.button !== 0) return;
    e.preventDefault();
    const el = e.currentTarget as HTMLElement;
    const startX = e.clientX;
    trackDrag(el, e, width, (ev) => clampLabelWidth(width + ev.clientX - startX), onPreview, onCommit);
  };
  const onKeyDown = (e: KeyboardEvent): void => {
    const step = e.shiftKey ? BIG_STEP : STEP;
    const next: Record<string, number> = {
      ArrowLeft: width - step,
      ArrowRight: width + step,
      Home: LABEL_WIDTH_MIN,
      End: LABEL_WIDTH_MAX,
    };
    const to = next[e.key];
    if (to === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    onCommit(clampLabelWidth(to));
  };
  return (
    <div
      class="tl-splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize lane labels"
      aria-valuenow={width}
      aria-valuemin={LABEL_WIDTH_MIN}
      aria-valuemax={LABEL_WIDTH_MAX}
      aria-valuetext={`${width} pixels`}
      title="Drag or use ← → to resize the labels"
      tabIndex={0}
      style={{ left: `${width - 3}px` }}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
