// The seam between the reducer (which builds the model) and the rules (which judge it).
// The facade calls the engine around every model transition; the engine keeps its own
// verification state per stream (open sets, owners), like the reference verifyEvents.
import type { RawEvent, ExpandedEvent } from '../events/types.js';
import type { ExpandIssue } from '../expand/types.js';
import type { Finding, RuleInfo } from '../findings.js';
import type { RunModel, SessionModel, StreamModel } from '../model/types.js';
import type { StoreLookups } from '../reduce/lookup.js';

/** The lookups (stream, run, call, thread by id or key) are the store's: reduce/lookup.ts. */
export interface RuleContext extends StoreLookups {
  readonly streamId: string;
  /** The session after the transition being judged. */
  readonly after: SessionModel;
  /** The run the event belongs to, after the transition (undefined outside a run). */
  readonly runAfter?: RunModel;
  /** Takes back findings already reported that a later event made stale (e.g. a reopen). */
  readonly withdraw?: (drop: (finding: Finding) => boolean) => void;
}

export interface RuleEngine {
  readonly rules: readonly RuleInfo[];
  /** A raw event's decode problems (sse/invalid-json, event/*, proto framing). */
  onRawEvent(raw: RawEvent, ctx: RuleContext): Finding[];
  /** Issues chunk expansion reported (tool-call/chunk-*). */
  onExpandIssue(issue: ExpandIssue, ctx: RuleContext): Finding[];
  /** One expanded event, after the model applied it. */
  onEvent(event: ExpandedEvent, ctx: RuleContext): Finding[];
  /** A run reached RUN_FINISHED / RUN_ERROR or was cut off (runAfter is final). */
  onRunEnd(run: RunModel, ctx: RuleContext): Finding[];
  /** The stream's body ended (complete, aborted, truncated capture, ...). */
  onStreamEnd(stream: StreamModel, ctx: RuleContext): Finding[];
  /** `next` rules: `next` is the following run on the same thread (its input known). */
  onRunFollowed(previous: RunModel, next: RunModel, ctx: RuleContext): Finding[];
}
