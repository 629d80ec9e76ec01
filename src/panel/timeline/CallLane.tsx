import type { RunModel, ToolCallModel } from '../../core/model/types.js';
import type { TimeScale } from '../derive/scale.js';
import type { LaneAxis } from '../derive/lane-axis.js';
import { runSpan } from '../derive/lane-extent.js';
import { FRONTEND_BADGE, FRONTEND_TAG, fitCallLabel, keptOfNames, NAME_JOIN } from '../derive/lane-label.js';
import { filterMatches } from '../store/filter.js';
import { Highlighted } from '../widgets/Highlighted.js';
import { callIdPart } from '../derive/call-id-parts.js';
import type { LabelFonts } from '../core-deps.js';
import { jumpToFinding, revealAnswer } from '../actions.js';
import { usePanel } from '../store-context.js';

export interface CallLaneProps {
  readonly run: RunModel;
  readonly call: ToolCallModel;
  readonly scale: TimeScale;
  readonly axis: LaneAxis;
  /** The session's latest time (where open things end on the time axis). */
  readonly now: number;
  /** Width of the label column in px (the label is shortened to fit it). */
  readonly labelWidth: number;
  /** Measures text in the label's fonts. */
  readonly fonts: LabelFonts;
}

const STATUS_ICON: Record<ToolCallModel['status'], string> = {
  streaming: '◌',
  closed: '○',
  result: '●',
  pending: '◐',
  answered: '◑',
  unclosed: '✕',
};

/** A gap narrower than this cannot hold "reopen #k" in the note's 9 px type. */
const CONNECTOR_LABEL_PX = 48;
/** A marker's right edge past its x (9 px wide, pulled 4 px left: see .marker). */
const MARKER_RIGHT_PX = 5;

/** One tool call: segments joined by "reopen #k" connectors, results, findings, pending/answer. */
export function CallLane({ run, call, scale, axis, now, labelWidth, fonts }: CallLaneProps) {
  const { store } = usePanel();
  const model = store.capture.model.value;
  const parts = [];
  const seq = axis.mode === 'sequence' ? 1 : 0;
  const at = (event: number, t: number): number => axis.at(run.streamId, event, t);
  // Where an open segment ends: the run's end, or the live edge of its stream.
  const openEnd = runSpan(axis, run, now).to;
  let prevEnd: number | undefined;
  // Reopens whose gap cannot hold their note: noted once after the lane's last mark instead,
  // where no bar or marker lies under the words.
  const crowdedReopens: number[] = [];
  let rightmost = 0;
  call.segments.forEach((seg, k) => {
    const start = at(seg.startEvent, seg.startT);
    const end = seg.endEvent !== undefined && seg.endT !== undefined ? at(seg.endEvent + seq, seg.endT) : openEnd;
    if (k > 0 && prevEnd !== undefined) {
      const c = scale.span(prevEnd, start);
      if (c) {
        parts.push(<span key={`c${k}`} class="connector" style={{ left: `${c.left}px`, width: `${c.width}px` }} />);
        if (c.width >= CONNECTOR_LABEL_PX)
          parts.push(
            <span key={`cl${k}`} class="connector-label" style={{ left: `${c.left + 2}px` }}>{`reopen #${k}`}</span>,
          );
        else crowdedReopens.push(k);
      }
    }
    const b = scale.span(start, end);
    if (b) {
      rightmost = Math.max(rightmost, b.left + b.width);
      const cls = `bar${seg.endT === undefined ? ' open' : ''}${call.frontend ? ' frontend' : ''}`;
      parts.push(
        <span
          key={`s${k}`}
          class={cls}
          style={{ left: `${b.left}px`, width: `${b.width}px` }}
          title={`segment ${k}${seg.implicitEnd ? ' (implicit end)' : ''}`}
        />,
      );
    }
    prevEnd = end;
  });
  call.results.forEach((r, i) => {
    const x = scale.x(at(r.event, r.t) + seq / 2);
    rightmost = Math.max(rightmost, x + MARKER_RIGHT_PX);
    parts.push(
      <span
        key={`r${i}`}
        class="marker result"
        style={{ left: `${x}px` }}
        title={`result${r.beforeEnd ? ' (before END)' : ''}`}
        aria-hidden="true"
      />,
    );
  });
  const after = run.endedAt !== undefined ? openEnd : (prevEnd ?? openEnd);
  if (call.status === 'pending') {
    parts.push(
      <span key="p" class="pending" style={{ left: `${scale.x(after) + 4}px` }}>
        awaiting application
      </span>,
    );
  }
  if (call.answer) {
    const answerRun = store.findRun(call.answer.runKey);
    const target = answerRun ? axis.at(answerRun.streamId, answerRun.firstEvent, answerRun.startedAt) : after;
    const l = scale.span(after, target);
    if (l) parts.push(<span key="al" class="answer-link" style={{ left: `${l.left}px`, width: `${l.width}px` }} />);
    parts.push(
      <button
        key="ab"
        type="button"
        tabIndex={-1}
        class="pending"
        style={{ left: `${scale.x(target) + 2}px` }}
        aria-label={`Answered by ${answerRun ? store.runLabels.value.of(answerRun).mention : 'the next run'}: show it`}
        onClick={(e) => {
          e.stopPropagation();
          revealAnswer(store, call);
        }}
      >
        {`answered by ${answerRun ? `run ${store.runLabels.value.of(answerRun).number}` : 'the next run'} →`}
      </button>,
    );
  }
  for (const fi of store.findings.value.forCall(run.streamId, call.toolCallId)) {
    const f = model.findings[fi];
    if (!f) continue;
    const x = scale.x(at(f.events[0] ?? call.segments[0]?.startEvent ?? 0, f.t) + seq / 2);
    rightmost = Math.max(rightmost, x + MARKER_RIGHT_PX);
    parts.push(
      <button
        key={`f${fi}`}
        type="button"
        class={`marker finding sev-${f.severity}${store.selection.finding.value === fi ? ' selected' : ''}`}
        aria-current={store.selection.finding.value === fi ? 'true' : undefined}
        style={{ left: `${x}px` }}
        aria-label={`${f.severity} ${f.rule}: ${f.message}`}
        title={`${f.rule}: ${f.message}`}
        tabIndex={-1}
        onClick={(e) => {
          e.stopPropagation();
          jumpToFinding(store, fi);
        }}
      />,
    );
  }
  if (crowdedReopens.length > 0)
    parts.push(
      <span key="cl" class="connector-label after" style={{ left: `${rightmost + 3}px` }}>
        {`reopen ${crowdedReopens.map((k) => `#${k}`).join(', ')}`}
      </span>,
    );
  const names = call.names.length > 1 ? call.names.join(NAME_JOIN) : call.name;
  // Sibling lanes (parallel calls) often differ only at the end of their ids: that part
  // always shows, measured in the fonts it is drawn in; then the tool name; then the rest.
  // A call whose tool no sibling shares is told apart by its name: when both do not fit,
  // the name keeps the room (the id is in the tooltip and the detail).
  const label = fitCallLabel(
    names,
    call.toolCallId,
    callIdPart(run, call.toolCallId),
    labelWidth,
    call.frontend,
    run.toolCalls.every((c) => c === call || c.name !== call.name),
    fonts,
    // Shortened, the label keeps what the filter matched, else the newest name.
    keptOfNames(call.names.length > 1 ? call.names : [names], filterMatches(store.filter.value, names)),
  );
  return (
    <>
      <span
        class="tl-label"
        title={`${names}\nid ${call.toolCallId}\n${call.status}${call.frontend ? ', frontend' : ''}`}
      >
        <span aria-label={`status ${call.status}`}>{STATUS_ICON[call.status]}</span>
        {label.name && (
          <span class="tl-name">
            <Highlighted text={label.name} />
          </span>
        )}
        {label.badge === true && <span class="badge dim">{FRONTEND_BADGE}</span>}
        {label.badge === 'compact' && (
          <span class="badge compact dim" title="frontend: the application runs this tool">
            {FRONTEND_TAG}
          </span>
        )}
        {label.id && (
          <span class="tl-id dim mono">
            <Highlighted text={label.id} />
          </span>
        )}
      </span>
      <span class="tl-track">{parts}</span>
    </>
  );
}
