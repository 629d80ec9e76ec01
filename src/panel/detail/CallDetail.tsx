import type { RunModel, ToolCallModel } from '../../core/model/types.js';
import { revealAnswer } from '../actions.js';
import { middlewareTool } from '../core-deps.js';
import { formatMs } from '../derive/format.js';
import { usePanel } from '../store-context.js';
import type { PanelStore } from '../store/panel-store.js';
import { ArgsView } from './ArgsView.js';
import { FindingCard } from '../findings/FindingCard.js';
import { ResultView } from './ResultView.js';
import { SchemaView } from './SchemaView.js';
import { UiResourceView } from './UiResourceView.js';
import { ResultContent } from './ResultContent.js';
import { TargetNotes } from '../notes/TargetNotes.js';

/** Everything about one tool call: arguments, results and findings first, then its identity. */
export function CallDetail({ run, call }: { readonly run: RunModel; readonly call: ToolCallModel }) {
  const { store } = usePanel();
  const model = store.capture.model.value;
  const findings = store.findings.value.forCall(run.streamId, call.toolCallId);
  const owner = call.owner ?? 'parent agent';
  return (
    <section aria-label={`Tool call ${call.name}`}>
      <h2>
        <span>{call.name}</span>
        <span class="dim mono">{call.toolCallId}</span>
      </h2>
      {/* What the call asked and got comes first: docked narrow, it is what fits on screen. */}
      <h3>Arguments</h3>
      <ArgsView call={call} />
      <h3>{`Results (${call.results.length})`}</h3>
      {call.results.length === 0 && (
        <div class="section dim">
          {call.status === 'pending'
            ? 'Awaiting application: the app answers in the next run.'
            : 'No result in this run.'}
        </div>
      )}
      {call.results.map((r, i) => (
        <ResultView key={i} result={r} index={i} t0={run.startedAt} />
      ))}
      <UiResourceView run={run} call={call} />
      {call.answer && (
        <div class="untrusted" aria-label="Answer from the next run">
          <div class="dim">{`answered by ${answeredBy(store, call.answer.runKey)}${call.answer.messageId ? ` · message ${call.answer.messageId}` : ''}${call.answer.error ? ` · error: ${call.answer.error}` : ''} · untrusted data`}</div>
          <button type="button" class="link" onClick={() => revealAnswer(store, call)}>
            Show the answering run
          </button>
          <ResultContent content={call.answer.content} name={`answer-${call.toolCallId}.txt`} />
        </div>
      )}
      <h3>{`Findings (${findings.length})`}</h3>
      {findings.length === 0 && <div class="section dim">No findings for this call.</div>}
      {findings.map((fi) => {
        const f = model.findings[fi];
        return f ? <FindingCard key={fi} finding={f} index={fi} compact /> : null;
      })}
      <TargetNotes
        target={{ kind: 'call', streamId: run.streamId, run: run.ordinal, toolCallId: call.toolCallId }}
        what="call"
      />
      <h3>Call</h3>
      <dl class="kv">
        <dt>names</dt>
        <dd>{call.names.join(' → ')}</dd>
        <dt>id</dt>
        <dd class="mono">{call.toolCallId}</dd>
        <dt>parent message</dt>
        <dd class="mono">{call.parentMessageId ?? '(none)'}</dd>
        <dt>owner</dt>
        <dd class="mono">{owner}</dd>
        <dt>kind</dt>
        <dd>{`${call.frontend ? 'frontend (advertised in the run input)' : 'backend'}${advertisedNote(call)}${call.fromChunks ? ' · from TOOL_CALL_CHUNK' : ''}`}</dd>
        <dt>status</dt>
        <dd>{call.status}</dd>
        <dt>run</dt>
        <dd class="mono">
          <button
            type="button"
            class="link"
            onClick={() => store.selection.selectRun(run.key)}
            aria-label={`Show run ${run.runId} in the detail pane`}
          >
            {`${store.runLabels.value.of(run).number} · ${run.runId} (thread ${run.threadId})`}
          </button>
        </dd>
        <dt>segments</dt>
        <dd>
          {call.segments
            .map(
              (s, k) =>
                `${k === 0 ? 'open' : `reopen #${k}`} +${formatMs(s.startT - run.startedAt)}${s.endT !== undefined ? `–${formatMs(s.endT - run.startedAt)}` : ' (open)'}${s.implicitEnd ? ` implicit end by #${s.implicitEnd.closedBy}` : ''}`,
            )
            .join(' · ')}
        </dd>
      </dl>
      <h3>Schema</h3>
      <SchemaView call={call} />
    </section>
  );
}

/** The answering run as the user knows it ("run 'r2'", indexed where ids repeat), never its key. */
/** Why a call the input did not advertise may still be expected: a middleware injected it. */
function advertisedNote(call: ToolCallModel): string {
  if (call.advertised) return '';
  const known = middlewareTool(call.name);
  return known ? ` · injected by ${known.source} (${known.role})` : ' · not advertised';
}

function answeredBy(store: PanelStore, runKey: string): string {
  const run = store.findRun(runKey);
  return run ? store.runLabels.value.of(run).mention : 'the next run';
}
