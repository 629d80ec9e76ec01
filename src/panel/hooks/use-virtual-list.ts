// A preact binding for @tanstack/virtual-core: fixed-height rows (DevTools density), so
// no measuring. Environments without layout (happy-dom in tests) report a zero-sized
// element; the fallback rect keeps rows rendering there.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { Virtualizer, elementScroll, observeElementOffset, type Rect, type VirtualItem } from '@tanstack/virtual-core';

export const ROW_HEIGHT = 20;
const FALLBACK: Rect = { width: 800, height: 600 };

export interface VirtualList {
  readonly items: readonly VirtualItem[];
  readonly totalSize: number;
  /** The same function every render: an effect may list it among its dependencies. */
  readonly scrollToIndex: (index: number) => void;
  readonly virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>;
}

function observeRect(instance: Virtualizer<HTMLDivElement, HTMLDivElement>, cb: (rect: Rect) => void): () => void {
  const el = instance.scrollElement;
  if (!el) return () => undefined;
  const report = (): void => {
    const r = el.getBoundingClientRect();
    cb(r.height > 0 ? { width: r.width, height: r.height } : FALLBACK);
  };
  report();
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const ro = new ResizeObserver(report);
  ro.observe(el);
  return () => ro.disconnect();
}

export function useVirtualList(
  count: number,
  scrollRef: { readonly current: HTMLDivElement | null },
  rowHeight = ROW_HEIGHT,
): VirtualList {
  const [, rerender] = useState(0);
  const ref = useRef<Virtualizer<HTMLDivElement, HTMLDivElement> | null>(null);
  const options = {
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    scrollToFn: elementScroll,
    observeElementRect: observeRect,
    observeElementOffset,
    initialRect: FALLBACK,
    overscan: 8,
    onChange: () => rerender((n) => n + 1),
  };
  if (!ref.current) ref.current = new Virtualizer<HTMLDivElement, HTMLDivElement>(options);
  const v = ref.current;
  v.setOptions(options);
  useEffect(() => v._didMount(), [v]);
  useLayoutEffect(() => {
    v._willUpdate();
  });
  const scrollToIndex = useCallback(
    (index: number) => {
      if (index >= 0 && index < v.options.count) v.scrollToIndex(index, { align: 'auto' });
    },
    [v],
  );
  return {
    items: v.getVirtualItems(),
    totalSize: v.getTotalSize(),
    scrollToIndex,
    virtualizer: v,
  };
}
