import { useNarrow } from '../hooks/use-narrow.js';
import { CheckChoice } from '../widgets/Choice.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useVirtualList } from '../hooks/use-virtual-list.js';
import { focusDetail } from '../focus.js';
import { usePanel } from '../store-context.js';
import { NavList } from '../widgets/NavList.js';
import { EventRowView } from './EventRowView.js';
import { DEFAULT_EVENT_COLUMNS, EventsHeader, NARROW_EVENT_COLUMNS, type EventColumnWidths } from './EventsHeader.js';
import { ViewRoot } from '../widgets/ViewRoot.js';

/** Every wire event (or the chunk-expanded stream), virtualized. */
export function EventsView() {
  return (
    <ViewRoot name="events">
      <EventsContent />
    </ViewRoot>
  );
}

function EventsContent() {
  const { store } = usePanel();
  const scroller = useRef<HTMLDivElement>(null);
  const index = store.events.value;
  const expanded = store.settings.settings.value.expandedEvents;
  const list = useVirtualList(index.count, scroller);
  // Until the user sizes a column, the columns follow the panel: narrower in a narrow one.
  const narrow = useNarrow();
  const [sized, setWidths] = useState<EventColumnWidths | undefined>(undefined);
  const widths = sized ?? (narrow ? NARROW_EVENT_COLUMNS : DEFAULT_EVENT_COLUMNS);
  const columnVars = { '--ev-type-w': `${widths.type}px`, '--ev-id-w': `${widths.id}px` };
  const sel = store.selection.event.value;
  const selectedRow = sel && (sel.expanded ?? false) === expanded ? index.rowOf(sel.streamId, sel.index) : -1;
  const { scrollToIndex } = list;
  useEffect(() => {
    if (selectedRow >= 0) scrollToIndex(selectedRow);
  }, [selectedRow, scrollToIndex]);
  /** A click selects and opens the event; a key moves the selection (see moveToEvent). */
  const select = (i: number, by: 'click' | 'key' = 'key'): void => {
    const row = index.rowAt(i);
    if (!row) return;
    const ref = { streamId: row.stream.info.streamId, index: row.index, ...(row.expanded ? { expanded: true } : {}) };
    if (by === 'click') store.selection.selectEvent(ref);
    else store.selection.moveToEvent(ref);
  };
  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const moves: Record<string, number> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1, PageDown: 20, PageUp: -20 };
    const d = moves[e.key];
    if (d !== undefined) {
      e.preventDefault();
      select(Math.max(0, Math.min(index.count - 1, (selectedRow < 0 ? (d > 0 ? -1 : index.count) : selectedRow) + d)));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      select(e.key === 'Home' ? 0 : index.count - 1);
    } else if (e.key === 'Enter') {
      if (sel) store.selection.detail.value = 'event';
      focusDetail();
    }
  };
  return (
    <>
      <div class="toolbar" role="toolbar" aria-label="Events options">
        <CheckChoice
          extraClass="tb-check"
          checked={expanded}
          onToggle={(on) => store.settings.update({ expandedEvents: on })}
        >
          Chunk-expanded view (synthesized events in italics)
        </CheckChoice>
        <span class="dim">{`${index.count} events`}</span>
      </div>
      {index.count === 0 ? (
        <div class="empty" role="status">
          No events match.
        </div>
      ) : (
        <div class="ev-table" style={columnVars}>
          <EventsHeader widths={widths} onWidths={setWidths} />
          <NavList
            listRef={scroller}
            label="Events"
            onKeyDown={onKeyDown}
            activeId={selectedRow >= 0 ? `ev-row-${selectedRow}` : undefined}
            height={list.totalSize}
          >
            {list.items.map((item) => {
              const row = index.rowAt(item.index);
              return row ? (
                <EventRowView
                  key={item.key}
                  id={`ev-row-${item.index}`}
                  row={row}
                  top={item.start}
                  selected={item.index === selectedRow}
                  onSelect={() => select(item.index, 'click')}
                />
              ) : null;
            })}
          </NavList>
        </div>
      )}
    </>
  );
}
