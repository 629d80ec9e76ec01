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
  const markerXs: number[] = [];
  const markers = store.findings.value.forRun(run).map((fi) => {
    const f = model.findings[fi];
    if (!f) return null;
    const x = scale.x(axis.at(f.streamId, f.events[0] ?? run.firstEvent, f.t));
    markerXs.push(x);
    return <FindingMarker key={fi} index={fi} finding={f} x={x} />;
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
  const fitting = forms.map((f) => f + tail).filter((f) => fonts.name(f) * CAPTION_BOLD <= scale.width - 8);
  // The run's finding markers stay above its caption: a shorter form that no marker covers
  // reads better than a longer one with a marker over a character.
  // It starts just right of its run's start, and of a marker there.
  const start = [...markerXs]
    .sort((a, b) => a - b)
    .reduce(
      (at, x) => (x - MARKER_HALF_PX <= at && x + MARKER_HALF_PX >= at ? x + MARKER_HALF_PX + 2 : at),
      Math.max(0, box?.left ?? 0) + 4,
    );
  const clear = fitting.find((f) => {
    const [l, r] = captionBox(start, scale.width, fonts.name(f));
    return markerXs.every((x) => x + MARKER_HALF_PX <= l || x - MARKER_HALF_PX >= r);
  });
  const label = clear ?? fitting[0] ?? `${forms[2]}${tail}`;
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
        <span class="run-caption" style={captionPlace(start, scale.width, fonts.name(label))}>
          {label}
        </span>
        {markers}
      </span>
    </>
  );
}

/** The caption is bold; the fonts measure the regular weight. */
const CAPTION_BOLD = 1.15;

/** Half a finding marker's glyph (`.marker`: a 10 px glyph centred on its x). */
const MARKER_HALF_PX = 4;

/**
 * The caption starts at `left` (4 px into its run, past a finding marker there); when it
 * would run past the track's end it is anchored to that end instead, so the last run's
 * header reads whole after Fit. One wider than the track is cut with "…". `textWidth` is a
 * regular-weight estimate: the anchor decision leaves room for the bold face. captionBox
 * says where the text lies, [left, right] in px; captionPlace, how to style it.
 */
function captionBox(left: number, trackWidth: number, textWidth: number): [number, number] {
  const w = textWidth * CAPTION_BOLD;
  return left + w <= trackWidth - 4 ? [left, left + w] : [Math.max(4, trackWidth - 4 - w), trackWidth - 4];
}

function captionPlace(left: number, trackWidth: number, textWidth: number): Record<string, string> {
  if (captionBox(left, trackWidth, textWidth)[0] === left)
    return { left: `${left}px`, maxWidth: `${trackWidth - left - 4}px` };
  return { right: '4px', maxWidth: `${Math.max(0, trackWidth - 8)}px` };
}
