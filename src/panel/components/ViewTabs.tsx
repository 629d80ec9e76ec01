import type { ViewName } from '../store/selection-store.js';
import { usePanel } from '../store-context.js';

const TABS: readonly { readonly id: ViewName; readonly label: string }[] = [
  { id: 'timeline', label: 'Timeline' },
  { id: 'events', label: 'Events' },
  { id: 'findings', label: 'Findings' },
  { id: 'state', label: 'State' },
  { id: 'messages', label: 'Messages' },
  { id: 'notes', label: 'Notes' },
];

/** Timeline / Events / Findings / State / Messages; arrow keys (and Home / End) move between tabs as in DevTools. */
export function ViewTabs() {
  const { store } = usePanel();
  const view = store.selection.view.value;
  const counts = store.capture.model.value.counts;
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
            ? `${t.label} (${counts.error + counts.warning + counts.notice})`
            : t.id === 'notes'
              ? `${t.label} (${store.notes.list.value.length})`
              : t.label}
        </button>
      ))}
    </div>
  );
}
