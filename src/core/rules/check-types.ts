// The view of one expanded event a family check receives from the engine.
import type { A2uiCatalogue } from '../a2ui/catalogues.js';
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
  readonly input: InputIndex | undefined;
  /** Call ids seen in earlier runs of this thread → the run key that streamed them. */
  readonly threadCalls: ReadonlyMap<string, string>;
  /** The application's A2UI catalogue, when the user gave one (InspectorOptions). */
  readonly a2uiCatalogue: A2uiCatalogue | undefined;
}

/**
 * `{ ...at, ...extra }`, written out: V8 takes a slow path for that double spread, and
 * this runs for nearly every event (it was the rules' top self time in the profile).
 * A key present in `extra` wins even when its value is undefined, as with the spread.
 */
export function atWith(at: At, extra: Partial<At>): At {
  // One literal with every key, absent ones undefined (rule 2 of docs/performance.md,
  // "The core's performance rules").
  return {
    events: 'events' in extra ? (extra.events as At['events']) : at.events,
    t: 't' in extra ? (extra.t as number) : at.t,
    toolCallId: 'toolCallId' in extra ? extra.toolCallId : at.toolCallId,
    messageId: 'messageId' in extra ? extra.messageId : at.messageId,
    streamId: 'streamId' in extra ? extra.streamId : at.streamId,
    runId: 'runId' in extra ? extra.runId : at.runId,
    threadId: 'threadId' in extra ? extra.threadId : at.threadId,
  };
}
