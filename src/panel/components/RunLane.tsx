import type { RunModel } from '../../core/model/types.js';
import type { LabelFonts } from '../../core/labels/fit-label.js';
import { formatMs, runOutcome } from '../derive/format.js';
import { runHeaderPieces } from '../derive/run-header.js';
import { runEndNote } from '../derive/stream-end-note.js';
import type { TimeScale } from '../derive/scale.js';
import type { LaneAxis } from '../derive/lane-axis.js';
import { runSpan } from '../derive/lane-extent.js';
import { usePanel } from '../store-context.js';
import { FindingMarker } from './FindingMarker.js';

/** The group header of a run: ids, outcome, duration, its span and run-level findings. */
export function RunLane({
  run,
  scale,
  axis,
  now,
  labelWidth,
  fonts,
}: {
  readonly run: RunModel;
  readonly scale: TimeScale;
  readonly axis: LaneAxis;
  readonly now: number;
  readonly labelWidth: number;
  readonly fonts: LabelFonts;
}) {
  const { store } = usePanel();
  const model = store.capture.model.value;
  const end = run.endedAt ?? now;
  const span = runSpan(axis, run, now);
  const box = scale.span(span.from, span.to);
  const markers = store.findings.value.forRun(run).map((fi) => {
    const f = model.findings[fi];
    if (!f) return null;
    return (
      <FindingMarker
        key={fi}
        index={fi}
        finding={f}
        x={scale.x(axis.at(f.streamId, f.events[0] ?? run.firstEvent, f.t))}
      />
    );
  });
  const rejected = store.rejections.value.labelOf(run);
  const replayed = store.findStream(run.streamId)?.info.replayed;
  const outcome = `${runEndNote(model, run) ?? runOutcome(run)}${rejected ? ` · ${rejected}` : ''}`;
  // On the sequence axis the file has no timing to measure: the run's size is its events.
  const size =
    axis.mode === 'sequence' ? `${run.lastEvent - run.firstEvent + 1} events` : formatMs(end - run.startedAt);
  const name = store.runLabels.value.of(run);
  const label = `${name.text} — ${outcome}, ${size}${run.status === 'running' ? ' (live)' : ''}`;
  const pieces = runHeaderPieces(name, labelWidth, fonts, replayed !== undefined);
  return (
    <>
      {/* What fits of "#3 14:02:11 …thread …run", measured; the tooltip has both ids whole. */}
      <span class="tl-label" title={`${name.title}\n${outcome}, ${size}\ndouble-click: zoom to this run`}>
        <span class="run-num">{name.number}</span>
        {pieces.time && <span class="dim">{name.time}</span>}
        {pieces.thread && <span class="dim mono">{pieces.thread}</span>}
        {pieces.run && <span class="mono">{pieces.run}</span>}
        {replayed && (
          <span
            class="badge replayed"
            title={`Replayed into the page from ${replayed.source || 'an unnamed recording'}`}
          >
            replayed
          </span>
        )}
      </span>
      <span class="tl-track">
        {box && <span class="bar run" style={{ left: `${box.left}px`, width: `${box.width}px` }} />}
        {/* The full label sits on the track, where a run has room; the label column is narrow. */}
        <span class="run-caption" style={captionPlace(box?.left ?? 0, scale.width, fonts.name(label) * CAPTION_BOLD)}>
          {label}
        </span>
        {markers}
      </span>
    </>
  );
}

/** Bold caption text is wider than the measured regular weight by about this much. */
const CAPTION_BOLD = 1.08;

/**
 * The caption starts at its run, moved left as far as needed to end inside the track, so
 * the last run's header reads whole after Fit; one wider than the track is cut with "…".
 */
function captionPlace(runLeft: number, trackWidth: number, textWidth: number): Record<string, string> {
  const room = Math.max(0, trackWidth - 8);
  const left = Math.max(0, Math.min(runLeft, room - textWidth)) + 4;
  return { left: `${left}px`, maxWidth: `${Math.max(0, trackWidth - left - 4)}px` };
}
