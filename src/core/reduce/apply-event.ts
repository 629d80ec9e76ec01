// applyEvent: one chunk-expanded event into the store, in place. Only the stream, the run
// and the call/message the event touches change, each stamped with the new version.
import type { ExpandedEvent } from '../events/types.js';
import type { MessageModel } from '../model/types.js';
import { activityDelta, activitySnapshot } from './activities.js';
import { messageContent, messageEnd, messageStart } from './messages.js';
import { endActiveRun, errorRun, finishRun, openRun } from './runs.js';
import { bump, type RunEntry, type Store, type StreamEntry } from './store.js';
import { streamEntry } from './lookup.js';
import { toolCallArgs, toolCallEnd, toolCallResult, toolCallStart } from './tool-calls.js';

/** Text and reasoning messages share their steps; only the kind tells them apart. */
const kindOf = (e: ExpandedEvent): MessageModel['kind'] => (e.type.startsWith('TEXT_') ? 'text' : 'reasoning');

function inRun(store: Store, entry: RunEntry, e: ExpandedEvent, t: number, v: number): void {
  switch (e.type) {
    case 'TOOL_CALL_START':
      return toolCallStart(entry, e, t, v);
    case 'TOOL_CALL_ARGS':
      return toolCallArgs(entry, e, t, v);
    case 'TOOL_CALL_END':
      return toolCallEnd(entry, e, t, v, store.schemas);
    case 'TOOL_CALL_RESULT':
      return toolCallResult(entry, e, t, v);
    case 'TEXT_MESSAGE_START':
    case 'REASONING_MESSAGE_START':
      return messageStart(entry, e, t, v, kindOf(e));
    case 'TEXT_MESSAGE_CONTENT':
    case 'REASONING_MESSAGE_CONTENT':
      return messageContent(entry, e, v, kindOf(e));
    case 'TEXT_MESSAGE_END':
    case 'REASONING_MESSAGE_END':
      return messageEnd(entry, e, t, v, kindOf(e));
    case 'ACTIVITY_SNAPSHOT':
      return activitySnapshot(entry, e, t, v);
    case 'ACTIVITY_DELTA':
      return activityDelta(entry, e, t, v);
    default:
      return;
  }
}

/** `se`: the event's stream entry when the caller holds it (saves a lookup per event). */
export function applyEvent(
  store: Store,
  event: ExpandedEvent,
  t: number,
  se: StreamEntry | undefined = streamEntry(store, event.raw.streamId),
): void {
  const streamId = event.raw.streamId;
  if (!se) return;
  const v = bump(store);
  se.events.addExpanded(event);
  se.stream.version = v;
  const type = event.type;
  if (type === 'RUN_STARTED') {
    // A RUN_STARTED while a run is active cuts that run off (the rules report it).
    endActiveRun(store, streamId, 'truncated', t, v);
    openRun(store, se, event, t, false, v);
    return;
  }
  // Events outside a run go to an implicit run, so nothing is lost.
  const last = se.last;
  const entry = (last?.run.status === 'running' ? last : undefined) ?? openRun(store, se, event, t, true, v);
  if (type === 'RUN_FINISHED') return finishRun(store, event, t, v);
  if (type === 'RUN_ERROR') return errorRun(store, event, t, v);
  inRun(store, entry, event, t, v);
  const run = entry.run;
  if (event.raw.index > run.lastEvent) run.lastEvent = event.raw.index;
  run.version = v;
}
