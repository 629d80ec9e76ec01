// applyEvent: one chunk-expanded event into the model. Pure: the input model is never
// changed; only the stream, the run and the call/message the event touches are copied
// (the common in-run path builds the new model in one step, with one version bump).
import type { ExpandedEvent } from '../events/types.js';
import { logAppend, logAt } from '../model/log.js';
import type { RunModel, SessionModel, StreamModel } from '../model/types.js';
import { messageContent, messageEnd, messageStart } from './messages.js';
import { endActiveRun, errorRun, finishRun, openRun } from './runs.js';
import { withRun, withSession, withStream } from './records.js';
import { activeRun, bump, runLog, streamLog, updateRun } from './store.js';
import { toolCallArgs, toolCallEnd, toolCallResult, toolCallStart } from './tool-calls.js';

export interface EventMeta {
  /** Arrival time, ms since epoch. */
  readonly t: number;
}

type RunStep = (run: RunModel, e: ExpandedEvent, t: number) => RunModel;

const RUN_STEPS: Readonly<Record<string, RunStep>> = {
  TOOL_CALL_START: toolCallStart,
  TOOL_CALL_ARGS: toolCallArgs,
  TOOL_CALL_END: toolCallEnd,
  TOOL_CALL_RESULT: toolCallResult,
  TEXT_MESSAGE_START: (r, e, t) => messageStart(r, e, t, 'text'),
  TEXT_MESSAGE_CONTENT: (r, e) => messageContent(r, e, 'text'),
  TEXT_MESSAGE_END: (r, e, t) => messageEnd(r, e, t, 'text'),
  REASONING_MESSAGE_START: (r, e, t) => messageStart(r, e, t, 'reasoning'),
  REASONING_MESSAGE_CONTENT: (r, e) => messageContent(r, e, 'reasoning'),
  REASONING_MESSAGE_END: (r, e, t) => messageEnd(r, e, t, 'reasoning'),
};

export function applyEvent(model: SessionModel, event: ExpandedEvent, meta: EventMeta): SessionModel {
  const streamId = event.raw.streamId;
  const streamSlot = streamLog.find(model.streams, streamId);
  if (streamSlot < 0) return model;
  const t = meta.t;
  const stream = logAt(model.streams, streamSlot) as StreamModel;
  const streams = streamLog.set(model.streams, streamSlot, withStream(stream, { expanded: logAppend(stream.expanded, event) }));
  const type = event.type;
  const runKey = stream.runKeys[stream.runKeys.length - 1];
  const runSlot = runKey === undefined ? -1 : runLog.find(model.runs, runKey);
  const run = runSlot < 0 ? undefined : (logAt(model.runs, runSlot) as RunModel);
  if (type === 'RUN_STARTED' || type === 'RUN_FINISHED' || type === 'RUN_ERROR' || run?.status !== 'running') {
    // Run boundaries (and events outside a run) are rare: the general path.
    return runBoundary(withSession(model, model.version, streams, model.runs), event, t);
  }
  // The common case, one event inside the active run: one new model, one bump.
  const step = RUN_STEPS[type];
  const next = step ? step(run, event, t) : run;
  const lastEvent = Math.max(next.lastEvent, event.raw.index);
  const updated = withRun(next, lastEvent, next.messages, next.toolCalls);
  return withSession(model, model.version + 1, streams, runLog.set(model.runs, runSlot, updated));
}

function runBoundary(model: SessionModel, event: ExpandedEvent, t: number): SessionModel {
  const streamId = event.raw.streamId;
  let m = model;
  if (event.type === 'RUN_STARTED') {
    // A RUN_STARTED while a run is active cuts that run off (the rules report it).
    m = endActiveRun(m, streamId, 'truncated', t);
    return bump(openRun(m, event, t, false));
  }
  if (!activeRun(m, streamId)) m = openRun(m, event, t, true);
  if (event.type === 'RUN_FINISHED') return bump(finishRun(m, event, t));
  if (event.type === 'RUN_ERROR') return bump(errorRun(m, event, t));
  const run = activeRun(m, streamId) as RunModel;
  const step = RUN_STEPS[event.type];
  m = updateRun(m, run.key, (r) => {
    const next = step ? step(r, event, t) : r;
    return withRun(next, Math.max(next.lastEvent, event.raw.index), next.messages, next.toolCalls);
  });
  return bump(m);
}
