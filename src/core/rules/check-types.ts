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

export function atWith(at: At, extra: Partial<At>): At {
  return { ...at, ...extra };
}
