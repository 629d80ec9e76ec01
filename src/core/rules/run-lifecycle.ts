// The run frame per stream, as verifyEvents keeps it: which run an event belongs to,
// what may follow RUN_FINISHED / RUN_ERROR, owners seeded from history, and what must
// be closed when a run finishes or a body ends.
import type { ExpandedEvent } from '../events/types.js';
import type { RunInputModel, StreamModel } from '../model/types.js';
import type { RuleContext } from './engine-types.js';
import type { EventCheck } from './check-types.js';
import { frontendAtRunFinished } from './frontend-tools.js';
import { indexInput } from './input-index.js';
import type { At, Out } from './out.js';
import { arr, asRec, str, type Rec } from './payload.js';
import { checkRunIdentity } from './run-identity.js';
import { newRun, type RunState, type StreamState } from './state.js';
import { extrasOpenAtRunEnd } from './steps-reasoning.js';
import { textOpenAtRunEnd } from './text-messages.js';
import { toolCallsOpenAtRunEnd, toolCallsOpenAtStreamEnd } from './tool-call-streaming.js';

/** Seed owners from history; the echo and the request only fill gaps, a snapshot replaces. */
export function seedOwners(
  run: RunState,
  messages: readonly unknown[] | undefined,
  authoritative: boolean,
  fromRequest: boolean,
): void {
  for (const m of messages ?? []) {
    const msg = asRec(m);
    const id = str(msg, 'id');
    if (id === undefined) continue;
    const role = str(msg, 'role');
    const owner = str(msg, 'subagentRunId');
    const kind = role === 'reasoning' ? 'reasoning' : role === 'activity' ? 'activity' : 'message';
    const seed = (k: typeof kind | 'toolCall', key: string): void => {
      if (!authoritative && run.owners[k].has(key)) return;
      run.owners[k].set(key, owner);
      if (fromRequest) run.ownerFromRequest.add(`${k}:${key}`);
      else run.ownerFromRequest.delete(`${k}:${key}`);
    };
    seed(kind, id);
    if (!run.messageIds.has(id)) run.messageIds.set(id, `${role ?? 'a'} message '${id}' of the history`);
    for (const c of arr(msg, 'toolCalls') ?? []) {
      const callId = str(asRec(c), 'id');
      if (callId !== undefined) seed('toolCall', callId);
    }
  }
}

function echoInput(p: Rec): RunInputModel | undefined {
  const echo = asRec(p['input']);
  if (!echo) return undefined;
  const tools = (arr(echo, 'tools') ?? []).map((t) => ({
    name: str(asRec(t), 'name') ?? '',
    parameters: asRec(t)?.['parameters'],
  }));
  return {
    threadId: str(echo, 'threadId'),
    runId: str(echo, 'runId'),
    tools,
    messages: arr(echo, 'messages') ?? [],
    raw: echo,
  };
}

// A module function, not a closure in beginEvent: tsx (keepNames) pays a defineProperty
// for every named closure it creates, and beginEvent runs once per event.
function runKeyOf(st: StreamState, ctx: RuleContext): string {
  return ctx.runAfter?.key ?? `${st.streamId}#${st.runCount}`;
}

/** The run this event belongs to; reports what the run frame forbids before it. */
export function beginEvent(
  st: StreamState,
  event: ExpandedEvent,
  p: Rec,
  ctx: RuleContext,
  at: At,
  out: Out,
): RunState {
  const type = event.type;
  if (!st.firstChecked) {
    st.firstChecked = true;
    if (type !== 'RUN_STARTED' && type !== 'RUN_ERROR') {
      out.add(
        'run/first-event',
        `The stream's first event is ${type}, not RUN_STARTED; the client rejects the stream here.`,
        at,
      );
    }
  }
  const run = st.run;
  if (type === 'RUN_STARTED') {
    if (run?.started && run.phase === 'active') {
      out.add(
        'run/started-while-active',
        `RUN_STARTED '${str(p, 'runId') ?? '?'}' while run '${run.runId ?? '?'}' (started at event #${run.startIndex}) is still active.`,
        at,
      );
    }
    checkRunIdentity(st, { threadId: str(p, 'threadId'), runId: str(p, 'runId') }, ctx, at, out);
    st.runCount++;
    const next = newRun({
      started: true,
      threadId: str(p, 'threadId'),
      runId: str(p, 'runId'),
      startIndex: event.raw.index,
      runKey: runKeyOf(st, ctx),
    });
    const echo = echoInput(p);
    seedOwners(next, echo?.messages as unknown[] | undefined, false, false);
    const request = ctx.runAfter?.inputSource === 'request' ? ctx.runAfter.input : undefined;
    seedOwners(next, request?.messages as unknown[] | undefined, false, true);
    if (!ctx.runAfter?.input && echo) {
      next.input = indexInput(echo);
      next.inputFrom = echo;
    }
    st.run = next;
    return next;
  }
  if (!run) {
    st.runCount++;
    st.run = newRun({ started: false, startIndex: event.raw.index, runKey: runKeyOf(st, ctx) });
    return st.run;
  }
  if (run.phase === 'errored' && !run.afterEndReported) {
    run.afterEndReported = true;
    out.add(
      'run/event-after-error',
      `${type} after RUN_ERROR ended run '${run.runId ?? '?'}'; the client rejects the stream here (later events of this run are not reported again).`,
      at,
    );
  } else if (run.phase === 'finished' && type !== 'RUN_ERROR' && !run.afterEndReported) {
    run.afterEndReported = true;
    out.add(
      'run/event-after-finished',
      `${type} after RUN_FINISHED ended run '${run.runId ?? '?'}'; only RUN_STARTED (or a late RUN_ERROR) may follow (later events of this run are not reported again).`,
      at,
    );
  }
  return run;
}

export function onRunFinished(c: EventCheck): void {
  const { run, out, at, p } = c;
  // The client's order: steps, text, reasoning, tool calls, subagents.
  extrasOpenAtRunEnd(run, at, out, 'steps');
  textOpenAtRunEnd(run, at, out);
  extrasOpenAtRunEnd(run, at, out, 'reasoning');
  toolCallsOpenAtRunEnd(c.ctx, run, at, out);
  extrasOpenAtRunEnd(run, at, out, 'subagents');
  const runId = str(p, 'runId');
  const threadId = str(p, 'threadId');
  const request = c.ctx.runAfter?.inputSource === 'request' ? c.ctx.runAfter.input : undefined;
  const diffs: string[] = [];
  if (run.started && runId !== run.runId)
    diffs.push(`runId '${runId ?? '?'}' but RUN_STARTED said '${run.runId ?? '?'}'`);
  else if (!run.started && request?.runId !== undefined && runId !== request.runId)
    diffs.push(`runId '${runId ?? '?'}' but the request said '${request.runId}'`);
  if (run.started && threadId !== run.threadId)
    diffs.push(`threadId '${threadId ?? '?'}' but RUN_STARTED said '${run.threadId ?? '?'}'`);
  else if (request?.threadId !== undefined && threadId !== request.threadId)
    diffs.push(`threadId '${threadId ?? '?'}' but the request said '${request.threadId}'`);
  if (diffs.length > 0) out.add('run/id-mismatch', `RUN_FINISHED names ${diffs.join('; ')}.`, at);
  frontendAtRunFinished(c);
  if (run.phase === 'active') run.phase = 'finished';
}

/** The body ended (or the run was cut off) without a terminal event: once per run. */
export function reportTruncation(
  ctx: RuleContext,
  st: StreamState,
  stream: StreamModel | undefined,
  out: Out,
  t: number,
): void {
  const end = stream?.end;
  // Our cap, a navigation or a closed tab cut the run: no producer fault to report.
  const cut = end?.reason === 'capture-truncated' || end?.reason === 'navigated' || end?.reason === 'tab-closed';
  if (cut || (stream && stream.info.status >= 400)) return;
  const run = st.run;
  const events = st.lastRaw ? [st.lastRaw.index] : [];
  const when = end?.t ?? st.lastRaw?.t ?? t;
  const how =
    end === undefined
      ? ''
      : end.reason === 'complete'
        ? ' (the body completed normally)'
        : end.reason === 'aborted' || end.reason === 'cancelled' || end.reason === 'closed'
          ? ` (the page ${end.reason} it: the producer may not be at fault)`
          : ` (${end.reason}${end.error !== undefined ? `: ${end.error}` : ''})`;
  if (!run) {
    if (st.endReported) return;
    st.endReported = true;
    const what = st.lastRaw ? 'without a decodable event' : 'without any event';
    out.add('run/truncated', `The body ended ${what}${how}: no run started, none finished.`, { events, t: when });
    return;
  }
  if (run.phase !== 'active' || run.truncationReported) return;
  run.truncationReported = true;
  out.add(
    'run/truncated',
    `The body ended without RUN_FINISHED or RUN_ERROR for run '${run.runId ?? '?'}'${how}; a consumer must not report it as a success.`,
    { events, t: when },
  );
  toolCallsOpenAtStreamEnd(ctx, run, end, events, when, out);
}
