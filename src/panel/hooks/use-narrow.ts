// Whether the panel is narrow enough that the detail pane stacks under the view (the same
// breakpoint as the stylesheet's). DevTools gives the panel its own window, so the media
// query reads the panel's width, not the inspected page's.
import { useEffect, useState } from 'preact/hooks';

export const NARROW_QUERY = '(max-width: 600px)';

const query = (): MediaQueryList | undefined =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY)
    : undefined;

export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => query()?.matches ?? false);
  useEffect(() => {
    const mq = query();
    if (!mq) return;
    const on = (): void => setNarrow(mq.matches);
    on();
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return narrow;
}
