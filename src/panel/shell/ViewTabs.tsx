import { TAB_COUNTS, type TabCount } from '../derive/tab-counts.js';
import { usePanel } from '../store-context.js';
import { VIEWS } from '../view-registry.js';

const countText = (c: TabCount): string => {
  const unit = c.unit ? ` ${c.unit}` : '';
  return c.shown === c.total ? ` (${c.shown}${unit})` : ` (${c.shown} of ${c.total}${unit})`;
};

/** The view tabs (src/panel/view-registry.ts); arrow keys (and Home / End) move between tabs as in DevTools. */
export function ViewTabs() {
  const { store } = usePanel();
  const view = store.selection.view.value;
  return (
    <div class="tabs" role="tablist" aria-label="Views">
      {VIEWS.map((t, i) => {
        const count = TAB_COUNTS[t.id]?.(store);
        const inName = 'countInName' in t && t.countInName;
        return (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            class="tab"
            aria-selected={view === t.id}
            aria-controls="agui-view"
            // The name stays the view's name; a count is its description ("3 of 12 shown"),
            // except where the registry makes the count part of the name.
            aria-label={inName ? undefined : t.label}
            aria-describedby={count && !inName ? `tab-count-${t.id}` : undefined}
            tabIndex={view === t.id ? 0 : -1}
            onClick={() => {
              // A tab shows its view: the Compare view gives way.
              store.compare.close();
              store.selection.showView(t.id);
            }}
            onKeyDown={(e) => {
              const to: Record<string, number> = {
                ArrowRight: i + 1,
                ArrowLeft: i + VIEWS.length - 1,
                Home: 0,
                End: VIEWS.length - 1,
              };
              const at = to[e.key];
              if (at === undefined) return;
              e.preventDefault();
              const next = VIEWS[at % VIEWS.length];
              if (next) {
                store.compare.close();
                store.selection.showView(next.id);
                document.getElementById(`tab-${next.id}`)?.focus();
              }
            }}
          >
            {inName && count ? `${t.label} (${count.shown})` : t.label}
            {!inName && count && (
              <span id={`tab-count-${t.id}`} class="tab-count">
                {countText(count)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
