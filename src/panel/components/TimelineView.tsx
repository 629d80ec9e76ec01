import { useEffect, useRef } from 'preact/hooks';
import { useVirtualList } from '../hooks/use-virtual-list.js';
import { createTimeScale } from '../derive/scale.js';
import { sessionBounds } from '../derive/session-bounds.js';
import { usePanel } from '../store-context.js';
import { CallLane } from './CallLane.js';
import { MessagesLane } from './MessagesLane.js';
import { RunLane } from './RunLane.js';
import { TimeAxis } from './TimeAxis.js';

const LABEL_WIDTH = 220;

/** Runs and their tool-call lanes on a shared time axis; lanes are virtualized. */
export function TimelineView() {
  const { store, timelineView } = usePanel();
  const scroller = useRef<HTMLDivElement>(null);
  const index = store.timeline.value;
  const model = store.capture.model.value;
  const bounds = sessionBounds(model);
  const viewport = timelineView.viewport.value;
  const width = timelineView.width.value;
  const scale = createTimeScale(bounds.t0, viewport, width);
  const list = useVirtualList(index.count, scroller);
  const sel = store.selection.call.value;
  const selectedRow = sel ? index.rowOfCall(sel.runKey, sel.toolCallId) : -1;
  // The scroller exists only once there are lanes: effects that attach to it re-run then.
  const hasLanes = index.count > 0;

  // A live session scrolls in while the user has not panned or zoomed away.
  useEffect(() => timelineView.reveal(bounds.end - bounds.t0), [bounds.end, bounds.t0, width, timelineView]);
  useEffect(() => {
    if (selectedRow >= 0) list.scrollToIndex(selectedRow);
  }, [selectedRow]);
  const focusRun = store.selection.focusRun.value;
  useEffect(() => {
    if (!focusRun) return;
    const row = index.rowOfRun(focusRun);
    if (row >= 0) list.scrollToIndex(row);
    store.selection.focusRun.value = undefined;
  }, [focusRun]);
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      const w = el.clientWidth - LABEL_WIDTH;
      if (w > 0) timelineView.width.value = w;
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [timelineView, hasLanes]);
  useEffect(() => {
    // Wheel with ctrl/meta zooms at the pointer; horizontal or shift-wheel pans.
    const el = scroller.current;
    if (!el) return;
    const onWheel = (e: WheelEvent): void => {
      const v = timelineView.viewport.peek();
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        const x = e.clientX - el.getBoundingClientRect().left - LABEL_WIDTH;
        timelineView.zoom(e.deltaY > 0 ? 1.25 : 0.8, v.start + Math.max(0, x) * v.msPerPx);
      } else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        e.preventDefault();
        timelineView.pan(e.shiftKey ? e.deltaY : e.deltaX);
      }
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [timelineView, hasLanes]);

  const moveSelection = (dir: 1 | -1): void => {
    for (let i = selectedRow + dir; i >= 0 && i < index.count; i += dir) {
      const row = index.rowAt(i);
      if (row?.kind === 'call') {
        store.selection.selectCall({ runKey: row.run.key, toolCallId: row.call.toolCallId });
        return;
      }
    }
  };
  const onKeyDown = (e: KeyboardEvent): void => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveSelection(1),
      j: () => moveSelection(1),
      ArrowUp: () => moveSelection(-1),
      k: () => moveSelection(-1),
      ArrowLeft: () => timelineView.pan(-80),
      ArrowRight: () => timelineView.pan(80),
      '+': () => timelineView.zoom(0.8),
      '=': () => timelineView.zoom(0.8),
      '-': () => timelineView.zoom(1.25),
      '0': () => timelineView.fit(bounds.end - bounds.t0),
      Enter: () => {
        if (sel) store.selection.detail.value = 'call';
        document.getElementById('agui-detail')?.focus();
      },
    };
    const fn = keys[e.key];
    if (fn && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      fn();
    }
  };

  if (index.count === 0) {
    return <div class="empty" role="status">{model.runs.length === 0 ? 'No runs yet. Runs appear here as AG-UI streams arrive, or import a file.' : 'No lanes match the filter.'}</div>;
  }
  return (
    <>
      <div class="tl-head">
        <span class="tl-label dim">{`${index.count} lanes · ctrl+wheel / + − zoom, ← → pan, 0 fit`}</span>
        <TimeAxis viewport={viewport} width={width} />
      </div>
      <div ref={scroller} class="vlist" role="listbox" aria-label="Timeline lanes" tabIndex={0} onKeyDown={onKeyDown}
        aria-activedescendant={selectedRow >= 0 ? `tl-row-${selectedRow}` : undefined}>
        <div class="vlist-inner" style={{ height: `${list.totalSize}px` }}>
          {list.items.map((item) => {
            const row = index.rowAt(item.index);
            if (!row) return null;
            const isCall = row.kind === 'call';
            const selected = item.index === selectedRow;
            return (
              <div
                key={item.key}
                id={`tl-row-${item.index}`}
                class={`row lane${row.kind === 'run' ? ' run-row' : ''}`}
                role="option"
                aria-selected={selected}
                aria-label={isCall ? `Tool call ${row.call.name} ${row.call.toolCallId}, ${row.call.status}` : row.kind === 'run' ? `Run ${row.run.runId}` : 'Messages'}
                style={{ transform: `translateY(${item.start}px)` }}
                onClick={() => {
                  if (row.kind === 'call') store.selection.selectCall({ runKey: row.run.key, toolCallId: row.call.toolCallId });
                }}
              >
                {row.kind === 'run' && <RunLane run={row.run} scale={scale} now={bounds.end} />}
                {row.kind === 'messages' && <MessagesLane run={row.run} scale={scale} now={row.run.endedAt ?? bounds.end} />}
                {row.kind === 'call' && <CallLane run={row.run} call={row.call} scale={scale} openEnd={row.run.endedAt ?? bounds.end} />}
              </div>
            );
          })}
        </div>
      </div>
    </>
  );
}
