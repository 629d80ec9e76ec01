import type { RunModel, ToolCallModel } from '../../core/model/types.js';
import type { TimeScale } from '../derive/scale.js';
import { jumpToFinding, revealAnswer } from '../actions.js';
import { usePanel } from '../store-context.js';
import { MiddleEllipsis } from './MiddleEllipsis.js';

export interface CallLaneProps {
  readonly run: RunModel;
  readonly call: ToolCallModel;
  readonly scale: TimeScale;
  /** Where an open segment ends on screen (run end or now). */
  readonly openEnd: number;
}

const STATUS_ICON: Record<ToolCallModel['status'], string> = {
  streaming: '◌',
  closed: '○',
  result: '●',
  pending: '◐',
  answered: '◑',
  unclosed: '✕',
};

/** One tool call: segments joined by "reopen #k" connectors, results, findings, pending/answer. */
export function CallLane({ run, call, scale, openEnd }: CallLaneProps) {
  const { store } = usePanel();
  const model = store.capture.model.value;
  const parts = [];
  let prevEnd: number | undefined;
  call.segments.forEach((seg, k) => {
    const end = seg.endT ?? openEnd;
    if (k > 0 && prevEnd !== undefined) {
      const c = scale.span(prevEnd, seg.startT);
      if (c) {
        parts.push(<span key={`c${k}`} class="connector" style={{ left: `${c.left}px`, width: `${c.width}px` }} />);
        parts.push(
          <span key={`cl${k}`} class="connector-label" style={{ left: `${c.left + 2}px` }}>{`reopen #${k}`}</span>,
        );
      }
    }
    const b = scale.span(seg.startT, end);
    if (b) {
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
    parts.push(
      <span
        key={`r${i}`}
        class="marker result"
        style={{ left: `${scale.x(r.t)}px` }}
        title={`result${r.beforeEnd ? ' (before END)' : ''}`}
        aria-hidden="true"
      />,
    );
  });
  const after = run.endedAt ?? prevEnd ?? openEnd;
  if (call.status === 'pending') {
    parts.push(
      <span key="p" class="pending" style={{ left: `${scale.x(after) + 4}px` }}>
        awaiting application
      </span>,
    );
  }
  if (call.answer) {
    const answerRun = store.findRun(call.answer.runKey);
    const target = answerRun?.startedAt ?? after;
    const l = scale.span(after, target);
    if (l) parts.push(<span key="al" class="answer-link" style={{ left: `${l.left}px`, width: `${l.width}px` }} />);
    parts.push(
      <button
        key="ab"
        type="button"
        tabIndex={-1}
        class="pending"
        style={{ left: `${scale.x(target) + 2}px` }}
        aria-label={`Answered by run ${answerRun?.runId ?? call.answer.runKey}: show it`}
        onClick={(e) => {
          e.stopPropagation();
          revealAnswer(store, call);
        }}
      >
        {`answered by ${answerRun?.runId ?? 'next run'} →`}
      </button>,
    );
  }
  for (const fi of store.findings.value.forCall(run.streamId, call.toolCallId)) {
    const f = model.findings[fi];
    if (!f) continue;
    parts.push(
      <button
        key={`f${fi}`}
        type="button"
        class={`marker finding sev-${f.severity}`}
        style={{ left: `${scale.x(f.t)}px` }}
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
  const names = call.names.length > 1 ? call.names.join(' → ') : call.name;
  return (
    <>
      {/* The column may be narrower than the name and id: the tooltip carries both whole. */}
      <span
        class="tl-label"
        title={`${names}\nid ${call.toolCallId}\n${call.status}${call.frontend ? ', frontend' : ''}`}
      >
        <span aria-label={`status ${call.status}`}>{STATUS_ICON[call.status]}</span>
        <span class="tl-name">{names}</span>
        {call.frontend && <span class="badge dim">frontend</span>}
        <MiddleEllipsis text={call.toolCallId} class="dim mono" />
      </span>
      <span class="tl-track">{parts}</span>
    </>
  );
}
