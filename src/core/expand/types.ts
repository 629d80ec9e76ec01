import type { ExpandedEvent, RawEvent } from '../events/types.js';
import type { RuleId } from '../rules/catalogue.js';

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
  /** The stream ended: no END can be synthesized (as in the client); report what stayed open. */
  finish(): ExpandResult;
}
