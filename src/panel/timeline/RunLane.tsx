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
import { CAPTION_BOLD, captionPlace, placeCaption } from './run-caption.js';
import { pendingNote, timingLine, timingOf } from '../derive/run-timing.js';

/** "request failed: HTTP 503", "request failed: network error". */
function failedLaneOutcome(run: RunModel): string {
  const code = run.error?.code;
  const what = code !== undefined ? `HTTP ${code}` : (run.error?.message.split(':')[0] ?? 'no answer');
  return `request failed: ${what}`;
}

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
  const clock = store.capture.clock.value;
  const stream = store.findStream(run.streamId);
  const timing = timingOf(stream, run, store.findRun, Math.max(clock, now));
  const pending = pendingNote(timing, run);
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
  // A failed request is rejected by every client: its lane says how it failed, short enough to fit.
  const outcome =
    run.status === 'failed'
      ? failedLaneOutcome(run)
      : `${pending ?? runEndNote(model, run) ?? runOutcome(run)}${rejected ? ` · ${rejected}` : ''}`;
  // On the sequence axis the file has no timing to measure: the run's size is its events.
  const size =
    axis.timed(run.streamId) || run.status === 'failed'
      ? formatMs(end - run.startedAt)
      : `${run.lastEvent - run.firstEvent + 1} events`;
  const name = store.runLabels.value.of(run);
  // The longest form that fits the track: in a narrow panel the thread, then the time go
  // (the label column and the tooltip have them), never the run's own id.
  const ending = ` — ${outcome}, ${size}${run.status === 'running' ? ' (live)' : ''}`;
  const forms = [name.text, `${name.number} · ${name.time} · run ${name.run}`, `${name.number} · run ${name.run}`];
  // The outcome matters more than the run's id: "#3 — rejected by …" before "#3 · run …".
  const fitting = [...forms, name.number]
    .map((f) => f + ending)
    .filter((f) => fonts.name(f) * CAPTION_BOLD <= scale.width - 8);
  const placed = placeCaption(
    // One with the outcome cut by "…" still reads better than one without, where no marker is in its way.
    [fitting, [`${forms[2]}${ending}`], forms, [name.number]],
    (f) => fonts.name(f),
    markerXs,
    Math.max(0, box?.left ?? 0) + 4,
    scale.width,
  );
  const label = placed?.text ?? fitting[0] ?? `${forms[2]}${ending}`;
  const start = placed?.left ?? Math.max(0, box?.left ?? 0) + 4;
  const pieces = runHeaderPieces(name, labelWidth, fonts, replayed !== undefined);
  const figures = timingLine(timing);
  // A body still open after the run ended: its tail drawn as Network draws a pending request.
  const tail =
    pending !== undefined && box && run.endedAt !== undefined
      ? scale.span(
          axis.at(run.streamId, run.lastEvent, run.endedAt),
          axis.at(run.streamId, run.lastEvent, Math.max(clock, now)),
        )
      : undefined;
  const keepAlives = axis.timed(run.streamId)
    ? (timing?.keepAlives ?? []).map((t) => scale.x(axis.at(run.streamId, run.lastEvent, t)))
    : [];
  return (
    <>
      {/* What fits of "#3 14:02:11 …thread …run", measured; the tooltip has both ids whole. */}
      <span
        class="tl-label"
        title={`${name.title}\n${outcome}, ${size}${figures !== '' ? `\n${figures}` : ''}\ndouble-click: zoom to this run`}
      >
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
        {box && (
          <span
            class={`bar run${run.status === 'failed' ? ' failed' : ''}${pending !== undefined ? ' pending' : ''}`}
            style={{ left: `${box.left}px`, width: `${box.width}px` }}
          />
        )}
        {tail && (
          <span
            class="bar run-open-tail"
            role="img"
            aria-label={`Body still open after the run ended: ${pending}`}
            title={pending}
            style={{ left: `${tail.left}px`, width: `${Math.max(2, tail.width)}px` }}
          />
        )}
        {keepAlives.map((x, i) => (
          <span key={`ka${i}`} class="keep-alive" style={{ left: `${x}px` }} title="keep-alive comment" />
        ))}
        {/* The full label sits on the track, where a run has room; the label column is narrow. */}
        <span
          class={run.status === 'failed' ? 'run-caption failed' : 'run-caption'}
          style={captionPlace(start, scale.width, fonts.name(label))}
        >
          {label}
        </span>
        {markers}
      </span>
    </>
  );
}
