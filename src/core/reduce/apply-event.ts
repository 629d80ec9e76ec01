// applyEvent: one chunk-expanded event into the model. Pure: the input model is never
// changed; only the stream, the run and the call/message the event touches are copied.
import type { ExpandedEvent } from '../events/types.js';
import { logAppend } from '../model/log.js';
import type { RunModel, SessionModel } from '../model/types.js';
import { messageContent, messageEnd, messageStart } from './messages.js';
import { endActiveRun, errorRun, finishRun, openRun } from './runs.js';
import { activeRun, bump, getStream, updateRun, updateStream } from './store.js';
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
  if (!getStream(model, streamId)) return model;
  const t = meta.t;
  let m = updateStream(model, streamId, (s) => ({ ...s, expanded: logAppend(s.expanded, event) }));
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
    return { ...next, lastEvent: Math.max(next.lastEvent, event.raw.index) };
  });
  return bump(m);
}
