// The detail pane over the list in a panel docked narrow (DevTools beside the page, 500–600
// px): side by side, a call's arguments would sit under the list, below the fold. The
// breakpoint reads the panel's own box (a ResizeObserver), not the window: the panel may be
// embedded narrower than its window.
import { createContext, type RefObject } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';

/** Below this panel width the detail covers the list instead of sharing the width. */
export const DETAIL_OVERLAY_BELOW_PX = 700;

/** Whether the detail pane covers the view (set by the shell from the panel's width). */
export const DetailOverlayContext = createContext(false);

export const useDetailOverlay = (): boolean => useContext(DetailOverlayContext);

/** The element's width, followed as it resizes; 0 until laid out (then no overlay). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (box) setWidth(box.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export const coversList = (width: number): boolean => width > 0 && width < DETAIL_OVERLAY_BELOW_PX;
