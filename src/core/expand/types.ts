import type { ExpandedEvent, RawEvent } from '../events/types.js';
import type { RuleId } from '../catalogue/catalogue.js';

/** A problem chunk expansion found; `rule` is a catalogue id (tool-call/chunk-*). */
export interface ExpandIssue {
  readonly rule: RuleId;
  readonly message: string;
  readonly raw: RawEvent;
  readonly toolCallId?: string;
}

export interface ExpandResult {
  readonly events: readonly ExpandedEvent[];
  readonly issues: readonly ExpandIssue[];
}

/** Per-stream chunk expansion as the 1.0 client does it (lanes by subagentRunId). */
export interface ChunkExpander {
  expand(raw: RawEvent): ExpandResult;
  /**
   * Whether expand(raw) would give back raw alone, unchanged, with no issue and no state
   * change (an explicit event while no chunk stream is open): the caller may then skip
   * expand. Asking changes nothing.
   */
  passesThrough?(raw: RawEvent): boolean;
  /** The stream ended: no END can be synthesized (as in the client); report what stayed open. */
  finish(): ExpandResult;
}
