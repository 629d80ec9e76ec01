// Text with the filter's matches marked, as DevTools' filters highlight what they matched.
// The text is untrusted: it is split into text nodes, never parsed.
import { usePanel } from '../store-context.js';
import { filterMatches } from '../store/filter.js';

export function Highlighted({ text }: { readonly text: string }) {
  const { store } = usePanel();
  const ranges = filterMatches(store.filter.value, text);
  if (ranges.length === 0) return <>{text}</>;
  const parts = [];
  let at = 0;
  for (const r of ranges) {
    if (r.start > at) parts.push(text.slice(at, r.start));
    parts.push(<mark class="filter-match">{text.slice(r.start, r.end)}</mark>);
    at = r.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
