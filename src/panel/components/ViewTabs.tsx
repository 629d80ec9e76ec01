import type { ViewName } from '../store/selection-store.js';
import { usePanel } from '../store-context.js';
import { tabCounts } from '../derive/tab-counts.js';

const TABS: readonly { readonly id: ViewName; readonly label: string }[] = [
  { id: 'timeline', label: 'Timeline' },
  { id: 'events', label: 'Events' },
  { id: 'findings', label: 'Findings' },
  { id: 'state', label: 'State' },
  { id: 'messages', label: 'Messages' },
  { id: 'notes', label: 'Notes' },
];

const countText = (c: { readonly shown: number; readonly total: number } | undefined): string =>
  !c ? '' : c.shown === c.total ? ` (${c.shown})` : ` (${c.shown} of ${c.total})`;

/** Timeline / Events / Findings / State / Messages; arrow keys (and Home / End) move between tabs as in DevTools. */
export function ViewTabs() {
  const { store } = usePanel();
  const view = store.selection.view.value;
  const counts = tabCounts(store);
  return (
    <div class="tabs" role="tablist" aria-label="Views">
      {TABS.map((t, i) => (
        <button
          key={t.id}
          id={`tab-${t.id}`}
          type="button"
          role="tab"
          class="tab"
          aria-selected={view === t.id}
          aria-controls="agui-view"
          // The name stays the view's name; a count is its description ("3 of 12 shown").
          aria-label={t.id === 'findings' || t.id === 'notes' ? undefined : t.label}
          aria-describedby={counts[t.id] ? `tab-count-${t.id}` : undefined}
          tabIndex={view === t.id ? 0 : -1}
          onClick={() => {
            // A tab shows its view: the Compare view gives way.
            store.compare.close();
            store.selection.view.value = t.id;
          }}
          onKeyDown={(e) => {
            const to: Record<string, number> = {
              ArrowRight: i + 1,
              ArrowLeft: i + TABS.length - 1,
              Home: 0,
              End: TABS.length - 1,
            };
            const at = to[e.key];
            if (at === undefined) return;
            e.preventDefault();
            const next = TABS[at % TABS.length];
            if (next) {
              store.compare.close();
              store.selection.view.value = next.id;
              document.getElementById(`tab-${next.id}`)?.focus();
            }
          }}
        >
          {t.id === 'findings'
            ? `${t.label} (${counts.findings?.shown ?? 0})`
            : t.id === 'notes'
              ? `${t.label} (${store.notes.list.value.length})`
              : t.label}
          {t.id !== 'findings' && t.id !== 'notes' && counts[t.id] && (
            <span id={`tab-count-${t.id}`} class="tab-count">
              {countText(counts[t.id])}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
