import { useEffect, useRef, useState } from 'preact/hooks';
import { useVirtualList } from '../hooks/use-virtual-list.js';
import { useTimelineGestures } from '../hooks/use-timeline-gestures.js';
import { createTimeScale } from '../derive/scale.js';
import { sessionBounds } from '../derive/session-bounds.js';
import { focusDetail } from '../focus.js';
import { usePanel } from '../store-context.js';
import { CallLane } from './CallLane.js';
import { LabelSplitter } from './LabelSplitter.js';
import { MessagesLane } from './MessagesLane.js';
import { NotePins } from './NotePins.js';
import { RunLane } from './RunLane.js';
import { TimeAxis } from './TimeAxis.js';

const PAGE_ROWS = 20;

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
  const shownRun = store.selection.detail.value === 'run' ? store.selection.run.value : undefined;
  // While the splitter is dragged the width lives here; settings get it once, on release.
  const [dragWidth, setDragWidth] = useState<number | undefined>(undefined);
  const labelWidth = dragWidth ?? store.settings.settings.value.timelineLabelWidth;
  // The scroller exists only once there are lanes: effects that attach to it re-run then.
  const hasLanes = index.count > 0;
  useTimelineGestures(scroller, timelineView, labelWidth, hasLanes);

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

  /** Select the first call lane at or after `from` in direction `dir` (run and message rows are headers). */
  const selectCallFrom = (from: number, dir: 1 | -1): boolean => {
    for (let i = from; i >= 0 && i < index.count; i += dir) {
      const row = index.rowAt(i);
      if (row?.kind === 'call') {
        store.selection.selectCall({ runKey: row.run.key, toolCallId: row.call.toolCallId });
        return true;
      }
    }
    return false;
  };
  const page = (dir: 1 | -1): void => {
    const from = Math.max(0, Math.min(index.count - 1, selectedRow + dir * PAGE_ROWS));
    if (!selectCallFrom(from, dir)) selectCallFrom(from, dir === 1 ? -1 : 1);
  };
  const onKeyDown = (e: KeyboardEvent): void => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => selectCallFrom(selectedRow + 1, 1),
      j: () => selectCallFrom(selectedRow + 1, 1),
      ArrowUp: () => selectCallFrom(selectedRow < 0 ? index.count - 1 : selectedRow - 1, -1),
      k: () => selectCallFrom(selectedRow < 0 ? index.count - 1 : selectedRow - 1, -1),
      Home: () => selectCallFrom(0, 1),
      End: () => selectCallFrom(index.count - 1, -1),
      PageDown: () => page(1),
      PageUp: () => page(-1),
      ArrowLeft: () => timelineView.pan(-80),
      ArrowRight: () => timelineView.pan(80),
      '+': () => timelineView.zoom(0.8),
      '=': () => timelineView.zoom(0.8),
      '-': () => timelineView.zoom(1.25),
      '0': () => timelineView.fit(bounds.end - bounds.t0),
      Enter: () => {
        if (sel) store.selection.detail.value = 'call';
        focusDetail();
      },
    };
    const fn = keys[e.key];
    if (fn && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      fn();
    }
  };

  if (index.count === 0) {
    return (
      <div class="empty" role="status">
        {model.runs.length === 0
          ? 'No runs yet. Runs appear here as AG-UI streams arrive, or import a file.'
          : 'No lanes match the filter.'}
      </div>
    );
  }
  return (
    <div class="timeline" style={{ '--tl-label-w': `${labelWidth}px` }}>
      <div class="tl-head">
        <span class="tl-label dim">{`${index.count} lanes · ctrl+wheel / + − zoom, ← → pan, 0 fit`}</span>
        <TimeAxis viewport={viewport} width={width} />
      </div>
      <LabelSplitter
        width={labelWidth}
        onPreview={setDragWidth}
        onCommit={(px) => {
          setDragWidth(undefined);
          store.settings.update({ timelineLabelWidth: px });
        }}
      />
      <div
        ref={scroller}
        class="vlist"
        role="listbox"
        aria-label="Timeline lanes"
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-nav-list
        aria-activedescendant={selectedRow >= 0 ? `tl-row-${selectedRow}` : undefined}
      >
        <div class="vlist-inner" style={{ height: `${list.totalSize}px` }}>
          {list.items.map((item) => {
            const row = index.rowAt(item.index);
            if (!row) return null;
            const isCall = row.kind === 'call';
            const selected = shownRun ? row.kind === 'run' && shownRun === row.run.key : item.index === selectedRow;
            return (
              <div
                key={item.key}
                id={`tl-row-${item.index}`}
                class={`row lane${row.kind === 'run' ? ' run-row' : ''}`}
                role="option"
                aria-selected={selected}
                aria-label={
                  isCall
                    ? `Tool call ${row.call.name} ${row.call.toolCallId}, ${row.call.status}`
                    : row.kind === 'run'
                      ? `Run ${row.run.runId}, thread ${row.run.threadId}`
                      : 'Messages'
                }
                style={{ transform: `translateY(${item.start}px)` }}
                onClick={() => {
                  if (row.kind === 'call')
                    store.selection.selectCall({ runKey: row.run.key, toolCallId: row.call.toolCallId });
                  else store.selection.selectRun(row.run.key);
                }}
              >
                {row.kind === 'run' && <RunLane run={row.run} scale={scale} now={bounds.end} />}
                {row.kind === 'messages' && (
                  <MessagesLane run={row.run} scale={scale} now={row.run.endedAt ?? bounds.end} />
                )}
                {row.kind === 'call' && (
                  <CallLane run={row.run} call={row.call} scale={scale} openEnd={row.run.endedAt ?? bounds.end} />
                )}
                <NotePins row={row} scale={scale} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
