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
import { ReplayRunButton } from '../replay/ReplayRunButton.js';

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
  const size = axis.timed(run.streamId)
    ? formatMs(end - run.startedAt)
    : `${run.lastEvent - run.firstEvent + 1} events`;
  const name = store.runLabels.value.of(run);
  // The longest form that fits the track: in a narrow panel the thread, then the time go
  // (the label column and the tooltip have them), never the run's own id.
  const tail = ` — ${outcome}, ${size}${run.status === 'running' ? ' (live)' : ''}`;
  const forms = [name.text, `${name.number} · ${name.time} · run ${name.run}`, `${name.number} · run ${name.run}`];
  const label =
    forms.map((f) => f + tail).find((f) => fonts.name(f) * CAPTION_BOLD <= scale.width - 8) ?? `${forms[2]}${tail}`;
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
        <ReplayRunButton run={run} compact />
      </span>
      <span class="tl-track">
        {box && <span class="bar run" style={{ left: `${box.left}px`, width: `${box.width}px` }} />}
        {/* The full label sits on the track, where a run has room; the label column is narrow. */}
        <span class="run-caption" style={captionPlace(box?.left ?? 0, scale.width, fonts.name(label))}>
          {label}
        </span>
        {markers}
      </span>
    </>
  );
}

/**
 * The caption starts at its run; when it would run past the track's end it is anchored to
 * that end instead, so the last run's header reads whole after Fit. One wider than the
 * track is cut with "…". `textWidth` is a regular-weight estimate: the anchor decision
 * leaves room for the bold face.
 */
/** The caption is bold; the fonts measure the regular weight. */
const CAPTION_BOLD = 1.15;

function captionPlace(runLeft: number, trackWidth: number, textWidth: number): Record<string, string> {
  const left = Math.max(0, runLeft) + 4;
  if (left + textWidth * CAPTION_BOLD <= trackWidth - 4)
    return { left: `${left}px`, maxWidth: `${trackWidth - left - 4}px` };
  return { right: '4px', maxWidth: `${Math.max(0, trackWidth - 8)}px` };
}
