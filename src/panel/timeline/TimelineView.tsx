import { useEffect, useRef, useState } from 'preact/hooks';
import { labelFontsOf } from '../hooks/text-measure.js';
import { useDraggedSetting } from '../hooks/use-dragged-setting.js';
import { useVirtualList } from '../hooks/use-virtual-list.js';
import { useTimelineGestures } from '../hooks/use-timeline-gestures.js';
import { timelineKeyHandler } from '../hooks/use-timeline-keys.js';
import { createLaneAxis, fileHasEventTiming, resolveAxisMode } from '../derive/lane-axis.js';
import { busySpans, runSpan, shownExtent } from '../derive/lane-extent.js';
import { GAP_SHOWN_MS, collapseGaps, isCollapsed } from '../derive/axis-gaps.js';
import { createTimeScale } from '../derive/scale.js';
import { sessionBounds } from '../derive/session-bounds.js';
import { usePanel } from '../store-context.js';
import type { FocusRequest } from '../store/selection-store.js';
import { NavList } from '../widgets/NavList.js';
import { autoLabelWidth } from '../store/settings-store.js';
import { AxisBar } from './AxisBar.js';
import { CallLane } from './CallLane.js';
import { LabelSplitter } from './LabelSplitter.js';
import { ActivityLane } from './ActivityLane.js';
import { MessagesLane } from './MessagesLane.js';
import { NotePins } from './NotePins.js';
import { PlaceholderLane } from './PlaceholderLane.js';
import { RunLane } from './RunLane.js';
import { TimeAxis } from './TimeAxis.js';
import { TimelineEmpty } from './TimelineEmpty.js';
import { ViewRoot } from '../widgets/ViewRoot.js';

/** Focus requests (selection.focusRun) already scrolled to: the request, never the store, records it. */
const served = new WeakSet<FocusRequest>();

/** Runs and their tool-call lanes on a shared axis (time or event order); lanes are virtualized. */
export function TimelineView() {
  return (
    <ViewRoot name="timeline">
      <TimelineContent />
    </ViewRoot>
  );
}

function TimelineContent() {
  const { store, timelineView } = usePanel();
  const scroller = useRef<HTMLDivElement>(null);
  const index = store.timeline.value;
  const model = store.capture.model.value;
  const bounds = sessionBounds(model);
  // In a HAR beside live runs, the file decides: its streams stay in event order.
  const timed = fileHasEventTiming(model);
  // Automatic only for files: a live stream whose events came in one chunk keeps the time
  // axis (the note says why its lanes are short) rather than switching under the user.
  const mode = resolveAxisMode(timelineView.axis.value, timed || !store.importedName.value);
  const slots = store.placeholders.value.filter((p) => p.streamId === undefined);
  const realAxis = createLaneAxis(model, mode, bounds.t0, bounds.end, slots);
  // Idle gaps (runs 30 s apart) collapse on the time axis: on by default for live sessions.
  const collapse = mode === 'time' && (timelineView.collapseGaps.value ?? !store.importedName.value);
  const axis = collapse
    ? collapseGaps(realAxis, busySpans(realAxis, model.runs, store.placeholders.value, bounds.end))
    : realAxis;
  const viewport = timelineView.viewport.value;
  const width = timelineView.width.value;
  const scale = createTimeScale(0, viewport, width);
  const list = useVirtualList(index.count, scroller);
  const sel = store.selection.call.value;
  const selectedRow = sel ? index.rowOfCall(sel.runKey, sel.toolCallId) : -1;
  const shownRun = store.selection.detail.value === 'run' ? store.selection.run.value : undefined;
  const drag = useDraggedSetting(store.settings, 'timelineLabelWidth');
  // Until the user sizes the column it follows the panel: narrower when the panel is narrow.
  // Kept as the width it gives, so a resize that does not change it renders nothing.
  const [autoWidth, setAutoWidth] = useState(() => autoLabelWidth(0));
  const labelWidth = drag.dragged ?? store.settings.settings.value.timelineLabelWidth ?? autoWidth;
  // The panel's fonts do not change while it is open: measured once, cached per text.
  const [fonts] = useState(() => labelFontsOf(document.querySelector('.agui-root')));
  // Axis labels are 10 px of the UI font (`.tl-tick`, `.tl-gap`).
  const [axisFont] = useState(() => (text: string) => (fonts.name(text) * 10) / 12);
  // The scroller exists only once there are lanes: effects that attach to it re-run then.
  const hasLanes = index.count > 0;
  useTimelineGestures(scroller, timelineView, labelWidth, hasLanes, (px) => setAutoWidth(autoLabelWidth(px)));

  // "Fit" and following fit what is shown (the run selector's run, the filter's lanes), not the session.
  const extent = shownExtent(axis, index.runs, index.placeholders, bounds.end);
  const from = extent?.from ?? 0;
  const to = extent?.to ?? axis.end;
  const fit = (): void => timelineView.fit(from, to);
  useEffect(() => timelineView.reveal(from, to), [from, to, width, mode, timelineView]);
  const runFilter = store.selection.runFilter.value;
  // What is shown now, for the refit below: it fits when the choice changes, not as a live run grows.
  const shown = useRef({ from, to });
  shown.current = { from, to };
  const first = useRef(true);
  useEffect(() => {
    // Picking a run (or all runs) in the selector fits the axis to it, even after zooming.
    if (first.current) first.current = false;
    else timelineView.fit(shown.current.from, shown.current.to);
  }, [runFilter, mode, collapse, timelineView]);
  const { scrollToIndex } = list;
  useEffect(() => {
    if (selectedRow >= 0) scrollToIndex(selectedRow);
  }, [selectedRow, scrollToIndex]);
  // n / N (or a click in Findings) select a finding: its marker comes into view sideways too.
  // The effect reads the latest axis through a ref and the model by peek(), never this
  // render's locals: preact keeps an effect's callback from the render its deps last changed
  // in, and a closure over `axis` or `model` would keep that whole render's scope alive — with
  // a live session that retained runs the cap had evicted (bench:panel-memory, 2026-12-06).
  const finding = store.selection.finding.value;
  const latestAxis = useRef(axis);
  latestAxis.current = axis;
  useEffect(() => {
    const f = finding === undefined ? undefined : store.capture.model.peek().findings[finding];
    if (!f) return;
    const pos = latestAxis.current.at(f.streamId, f.events[0] ?? 0, f.t);
    const v = timelineView.viewport.peek();
    const span = timelineView.width.peek() * v.msPerPx;
    if (pos >= v.start && pos <= v.start + span) return;
    timelineView.viewport.value = { ...v, start: Math.max(0, pos - span / 2), follow: false };
  }, [finding, store.capture.model, timelineView]);
  // A request to show a run is served once, from the lanes shown then: neither a live run
  // that moves its row nor a timeline shown again later brings the old request back.
  const focusRun = store.selection.focusRun.value;
  const latestIndex = useRef(index);
  latestIndex.current = index;
  useEffect(() => {
    if (!focusRun || served.has(focusRun)) return;
    served.add(focusRun);
    const row = latestIndex.current.rowOfRun(focusRun.runKey);
    if (row >= 0) scrollToIndex(row);
  }, [focusRun, scrollToIndex]);

  if (index.count === 0) return <TimelineEmpty />;
  // What every lane draws on: the scale, the axis and the session's latest time.
  const lane = { scale, axis, now: bounds.end };
  const labelled = { ...lane, labelWidth, fonts };
  const onKeyDown = timelineKeyHandler(store, timelineView, index, selectedRow, sel, fit);
  return (
    <>
      {/* Outside .timeline: the label splitter spans .timeline's full height. */}
      <AxisBar
        mode={mode}
        timed={timed}
        lanes={index.count}
        onFit={fit}
        live={axis.live !== undefined}
        collapsed={collapse}
        gaps={isCollapsed(axis) ? axis.gaps.length : 0}
      />
      <div class="timeline" style={{ '--tl-label-w': `${labelWidth}px` }}>
        <div class="tl-head">
          <span class="tl-label dim">{mode === 'sequence' ? 'event #' : 'time'}</span>
          <TimeAxis
            viewport={viewport}
            width={width}
            mode={mode}
            gaps={isCollapsed(axis) ? axis : undefined}
            live={axis.live}
            measure={axisFont}
          />
        </div>
        <LabelSplitter width={labelWidth} onPreview={drag.preview} onCommit={drag.commit} />
        <NavList
          listRef={scroller}
          label="Timeline lanes"
          onKeyDown={onKeyDown}
          activeId={selectedRow >= 0 ? `tl-row-${selectedRow}` : undefined}
          height={list.totalSize}
        >
          {isCollapsed(axis) &&
            axis.gaps.map((g) => {
              // Clamped to the track: a band past it would widen the scroller.
              const left = Math.max(0, scale.x(g.at));
              const right = Math.min(width, scale.x(g.at + GAP_SHOWN_MS));
              if (right <= left) return null;
              return (
                <span
                  key={`gap${g.at}`}
                  class="tl-gap-band"
                  aria-hidden="true"
                  style={{ left: `calc(var(--tl-label-w) + ${left}px)`, width: `${right - left}px` }}
                />
              );
            })}
          {list.items.map((item) => {
            const row = index.rowAt(item.index);
            if (!row) return null;
            if (row.kind === 'placeholder') {
              return (
                <div
                  key={item.key}
                  id={`tl-row-${item.index}`}
                  class="row lane placeholder-row"
                  role="option"
                  aria-selected={false}
                  aria-label={`No run: ${row.lane.method} ${row.lane.url}, ${row.lane.why}`}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <PlaceholderLane lane={row.lane} scale={scale} axis={axis} now={bounds.end} />
                </div>
              );
            }
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
                    ? `Tool call ${row.call.name} ${row.call.toolCallId}, ${row.call.status}${row.call.frontend ? ', frontend' : ''}`
                    : row.kind === 'run'
                      ? `Run ${row.run.runId}, thread ${row.run.threadId}, ${store.runLabels.value.of(row.run).number} at ${store.runLabels.value.of(row.run).time}`
                      : row.kind === 'activity'
                        ? `Activity ${row.activity.activityType} ${row.activity.messageId}`
                        : 'Messages'
                }
                style={{ transform: `translateY(${item.start}px)` }}
                onClick={() => {
                  if (row.kind === 'call')
                    store.selection.selectCall({ runKey: row.run.key, toolCallId: row.call.toolCallId });
                  else store.selection.selectRun(row.run.key);
                }}
                onDblClick={() => {
                  if (row.kind !== 'run') return;
                  const s = runSpan(axis, row.run, bounds.end);
                  timelineView.zoomTo(s.from, s.to);
                }}
              >
                {row.kind === 'run' && <RunLane run={row.run} {...labelled} />}
                {row.kind === 'messages' && <MessagesLane run={row.run} {...lane} />}
                {row.kind === 'activity' && <ActivityLane run={row.run} activity={row.activity} {...lane} />}
                {row.kind === 'call' && <CallLane run={row.run} call={row.call} {...labelled} />}
                <NotePins row={row} scale={scale} axis={axis} />
              </div>
            );
          })}
        </NavList>
      </div>
    </>
  );
}
