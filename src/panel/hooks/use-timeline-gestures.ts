// Timeline sizing and pointer gestures: the track width follows the scroller and the
// label column, ctrl/meta + wheel zooms at the pointer, horizontal or shift + wheel pans.
import { useEffect, useRef } from 'preact/hooks';
import type { TimelineViewStore } from '../store/timeline-view-store.js';

export function useTimelineGestures(
  scroller: { readonly current: HTMLDivElement | null },
  timelineView: TimelineViewStore,
  labelWidth: number,
  hasLanes: boolean,
  /** Told the panel's width (its root's; the scroller's outside a panel) whenever it changes:
   *  a detail pane opening beside the timeline does not change it. */
  onListWidth?: (px: number) => void,
): void {
  // The wheel handler is attached once per scroller; it reads the current label width, and
  // the resize observer the current callback (a new function each render of its caller).
  const label = useRef(labelWidth);
  label.current = labelWidth;
  const onWidth = useRef(onListWidth);
  onWidth.current = onListWidth;
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = (): void => {
      onWidth.current?.(el.closest('.agui-root')?.clientWidth ?? el.clientWidth);
      const w = el.clientWidth - label.current;
      if (w > 0) timelineView.width.value = w;
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [scroller, timelineView, hasLanes, labelWidth]);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (e: WheelEvent): void => {
      const v = timelineView.viewport.peek();
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        const x = e.clientX - el.getBoundingClientRect().left - label.current;
        timelineView.zoom(e.deltaY > 0 ? 1.25 : 0.8, v.start + Math.max(0, x) * v.msPerPx);
      } else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        e.preventDefault();
        timelineView.pan(e.shiftKey ? e.deltaY : e.deltaX);
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [scroller, timelineView, hasLanes]);
}
