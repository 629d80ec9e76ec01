import { Fragment } from 'preact';
import { useRevised } from '../hooks/use-revised.js';
import type { RunModel } from '../../core/model/types.js';
import { formatMs, runOutcome } from '../derive/format.js';
import { runEndNote } from '../derive/stream-end-note.js';
import { usePanel } from '../store-context.js';
import { replayedLabel } from '../derive/replayed-label.js';
import { NEXT_REJECTION_LABEL, rejectionLabel } from '../derive/client-rejection.js';
import { interruptFacts, runEventFacts } from '../derive/run-facts.js';
import { ReplayRunButton } from '../replay/ReplayRunButton.js';
import { FindingCard } from '../findings/FindingCard.js';
import { RunFactsView } from './RunFactsView.js';
import { RunWeightView } from './RunWeightView.js';
import { ThreadSummaryView } from './ThreadSummaryView.js';
import { pendingNote, timingFigures, timingOf } from '../derive/run-timing.js';
import { JsonTree } from '../widgets/JsonTree.js';
import { KeepRunButton } from './KeepRunButton.js';
import { TargetNotes } from '../notes/TargetNotes.js';
import { FailedAnswer } from './FailedAnswer.js';
import { callsNamedInError } from '../core-deps.js';

/** The parts of a RunAgentInput a reader looks for, in the order they read it. */
const INPUT_PARTS = ['messages', 'tools', 'state', 'context', 'forwardedProps'] as const;

function InputView({ raw }: { readonly raw: unknown }) {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return <JsonTree value={raw} label="Run input" open={1} />;
  const rec = raw as Record<string, unknown>;
  const others = Object.keys(rec).filter((k) => !(INPUT_PARTS as readonly string[]).includes(k));
  return (
    <>
      {INPUT_PARTS.map((k) => (
        <div key={k} class="section">
          <div class="dim">{k in rec ? k : `${k} (absent)`}</div>
          {k in rec && <JsonTree value={rec[k]} label={`Run input ${k}`} open={k === 'tools' ? 3 : 2} />}
        </div>
      ))}
      {others.length > 0 && (
        <div class="section">
          <div class="dim">other fields</div>
          <JsonTree
            value={Object.fromEntries(others.map((k) => [k, rec[k]]))}
            label="Run input other fields"
            open={1}
          />
        </div>
      )}
    </>
  );
}

/** One run: the request that started it (as captured, credentials already redacted), its input and how it ended. */
export function RunDetail({ run }: { readonly run: RunModel }) {
  const { store } = usePanel();
  const model = store.capture.model.value;
  const stream = store.findStream(run.streamId);
  const info = stream?.info;
  const rejections = store.rejections.value;
  const rejected = rejectionLabel(rejections.clientOf(run));
  const rejectedByNext = rejections.nextOf(run);
  const fatal = rejections.findingsOf(run);
  const end = run.endedAt;
  const headers = info ? Object.entries(info.requestHeaders) : [];
  const timing = timingOf(stream, run, store.findRun, store.capture.clock.value);
  const pending = pendingNote(timing, run);
  const figures = timingFigures(timing);
  const protocol = pending ?? runEndNote(model, run) ?? runOutcome(run);
  const replayed = replayedLabel(info);
  // One pass over the run's events when it gained one (the run record is updated in place).
  const eventFacts = useRevised(() => runEventFacts(run, stream), [run, run.lastEvent, run.version, stream]);
  const facts = { ...eventFacts, interrupts: interruptFacts(model, run, store.findRun) };
  // The calls the error message names by id, each a way to its lane (src/core/labels/error-calls.ts).
  const named = useRevised(() => callsNamedInError(run), [run, run.version]);
  const showCall = (toolCallId: string): void => {
    store.selection.view.value = 'timeline';
    store.selection.selectCall({ runKey: run.key, toolCallId });
  };
  return (
    <section aria-label={`Run ${run.runId}`}>
      <h2>
        <span>{run.implicit ? 'Run (no RUN_STARTED)' : `Run ${run.runId}`}</span>
        <span class="dim mono">{`thread ${run.threadId}`}</span>
      </h2>
      <div class="detail-actions">
        <KeepRunButton run={run} />
        <ReplayRunButton run={run} />
      </div>
      <TargetNotes target={{ kind: 'run', streamId: run.streamId, run: run.ordinal }} what="run" />
      <dl class="kv">
        <dt>method</dt>
        <dd class="mono">{info?.method ?? '(unknown)'}</dd>
        <dt>URL</dt>
        <dd class="mono">{info?.url ?? '(unknown)'}</dd>
        <dt>HTTP status</dt>
        <dd class="mono">{info ? String(info.status) : '(unknown)'}</dd>
        <dt>transport</dt>
        <dd>
          {info ? `${info.transport} · ${info.encoding} · ${info.contentType || '(no content type)'}` : '(unknown)'}
        </dd>
        {replayed && (
          <>
            <dt>answered by</dt>
            <dd>{`${replayed}: a replay inside the page, not the network`}</dd>
            <dt>recorded at</dt>
            <dd class="mono">{info?.replayed?.recordedUrl ?? '(the recording names no URL)'}</dd>
          </>
        )}
        <dt>duration</dt>
        <dd>
          {end === undefined
            ? `${formatMs((stream?.end?.t ?? run.startedAt) - run.startedAt)} (running)`
            : end === run.startedAt && run.lastEvent > run.firstEvent
              ? // A HAR keeps a body as one piece (and a live body can arrive as one): no time to measure.
                `${run.lastEvent - run.firstEvent + 1} events, no per-event timing (the body was recorded or arrived as one piece)`
              : formatMs(end - run.startedAt)}
        </dd>
        <dt>outcome</dt>
        <dd>
          <span class={pending !== undefined ? 'sev-error' : undefined}>{protocol}</span>
          {rejected && <span class="sev-error">{` · ${rejected}`}</span>}
          {rejectedByNext && <span class="sev-error">{` · ${NEXT_REJECTION_LABEL}`}</span>}
        </dd>
        {named.length > 0 && (
          <>
            <dt>RUN_ERROR names</dt>
            <dd>
              {named.map((id) => (
                <button
                  key={id}
                  type="button"
                  class="link mono"
                  onClick={() => showCall(id)}
                  aria-label={`Show call ${id}, named by RUN_ERROR, in the timeline`}
                >
                  {id}
                </button>
              ))}
            </dd>
          </>
        )}
        <dt>events</dt>
        <dd class="mono">
          {run.status === 'failed'
            ? 'none: the request got no AG-UI answer'
            : `#${run.firstEvent}–#${run.lastEvent} of stream ${run.streamId}`}
        </dd>
        <dt>input</dt>
        <dd>
          {run.inputSource === 'request'
            ? 'from the request body'
            : run.inputSource === 'echo'
              ? 'echoed in RUN_STARTED.input'
              : 'none'}
        </dd>
      </dl>
      {run.status === 'failed' && stream && <FailedAnswer stream={stream} />}
      <h3>Timing</h3>
      {figures.length > 0 && (
        <dl class="kv" aria-label="Run timing">
          {figures.map(([k, v]) => (
            <Fragment key={k}>
              <dt>{k}</dt>
              <dd class="mono">{v}</dd>
            </Fragment>
          ))}
          {pending !== undefined && (
            <>
              <dt>body</dt>
              <dd class="sev-error">{`still open after ${run.status === 'errored' ? 'RUN_ERROR' : 'RUN_FINISHED'}: the client's run is still active`}</dd>
            </>
          )}
        </dl>
      )}
      {(timing === undefined || !timing.timed) && (
        <div class="section dim">
          {figures.length > 0
            ? 'This file has no per-event timing (a HAR holds the body as one piece): the time to headers is from its timings; the rest it cannot tell.'
            : 'This file has no per-event timing (a HAR or a bare body holds the body as one piece): it cannot tell.'}
        </div>
      )}
      <h3>{`Request headers (${headers.length})`}</h3>
      {headers.length === 0 ? (
        <div class="section dim">No request headers captured.</div>
      ) : (
        <dl class="kv" aria-label="Request headers">
          {headers.map(([k, v]) => (
            <Fragment key={k}>
              <dt class="mono">{k}</dt>
              <dd class="mono">{v}</dd>
            </Fragment>
          ))}
        </dl>
      )}
      <h3>RunAgentInput</h3>
      {run.input ? (
        <InputView raw={run.input.raw} />
      ) : (
        <div class="section dim">{`No RunAgentInput${info?.requestBodyNote ? ` (request body ${info.requestBodyNote})` : ''}.`}</div>
      )}
      <RunFactsView facts={facts} />
      <RunWeightView run={run} stream={stream} />
      <ThreadSummaryView run={run} />
      {fatal.length > 0 && (
        <>
          <h3>{`Why a client rejects it (${fatal.length})`}</h3>
          {fatal.map((fi) => {
            const f = model.findings[fi];
            return f ? <FindingCard key={fi} finding={f} index={fi} compact /> : null;
          })}
        </>
      )}
    </section>
  );
}
