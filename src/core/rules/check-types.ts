// The view of one expanded event a family check receives from the engine.
import type { ExpandedEvent } from '../events/types.js';
import type { RuleContext } from './engine-types.js';
import type { InputIndex } from './input-index.js';
import type { At, Out } from './out.js';
import type { Rec } from './payload.js';
import type { RunState } from './state.js';

export interface EventCheck {
  readonly run: RunState;
  readonly event: ExpandedEvent;
  readonly p: Rec;
  /** Where findings about this event point (its raw event, and what closed it). */
  readonly at: At;
  readonly out: Out;
  readonly ctx: RuleContext;
  /** The run's input (request body or echo), when known. */
  readonly input?: InputIndex;
  /** Call ids seen in earlier runs of this thread → the run key that streamed them. */
  readonly threadCalls: ReadonlyMap<string, string>;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * `{ ...at, ...extra }`, written out: V8 takes a slow path for that double spread, and
 * this runs for nearly every event (it was the rules' top self time in the profile).
 * A key present in `extra` wins even when its value is undefined, as with the spread.
 */
export function atWith(at: At, extra: Partial<At>): At {
  const out: Mutable<At> = {
    events: 'events' in extra ? (extra.events as At['events']) : at.events,
    t: 't' in extra ? (extra.t as number) : at.t,
  };
  if ('toolCallId' in extra) out.toolCallId = extra.toolCallId;
  else if ('toolCallId' in at) out.toolCallId = at.toolCallId;
  if ('messageId' in extra) out.messageId = extra.messageId;
  else if ('messageId' in at) out.messageId = at.messageId;
  if ('streamId' in extra) out.streamId = extra.streamId;
  else if ('streamId' in at) out.streamId = at.streamId;
  if ('runId' in extra) out.runId = extra.runId;
  else if ('runId' in at) out.runId = at.runId;
  if ('threadId' in extra) out.threadId = extra.threadId;
  else if ('threadId' in at) out.threadId = at.threadId;
  return out;
}
