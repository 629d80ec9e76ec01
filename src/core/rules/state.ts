// Per-stream verification state, shaped like the reference verifyEvents: run phase, open
// sets, and owners per entity kind for the whole run (kept after close, as the 1.0 client
// does). Mutable on purpose: it is the engine's private working memory, never model data.
// Tool calls are not here: the rules read the reducer's call records (./calls.ts).
import type { A2uiRunState } from './a2ui-state.js';
import type { InputIndex } from './input-index.js';

export type Phase = 'active' | 'finished' | 'errored';
export type EntityKind = 'message' | 'toolCall' | 'activity' | 'reasoning';

export interface RunState {
  phase: Phase;
  /** False for the implicit run we track when the stream did not begin with RUN_STARTED. */
  readonly started: boolean;
  readonly threadId: string | undefined;
  readonly runId: string | undefined;
  readonly startIndex: number;
  readonly runKey: string;
  readonly openText: Set<string>;
  readonly owners: Record<EntityKind, Map<string, string | undefined>>;
  /** `${kind}:${id}` whose owner only the request body told us (the client never reads it). */
  readonly ownerFromRequest: Set<string>;
  readonly steps: Map<string | undefined, Set<string>>;
  readonly reasoningSpans: Set<string>;
  readonly reasoningMessages: Set<string>;
  readonly subagentsActive: Set<string>;
  readonly subagentsClosed: Set<string>;
  /** Message ids in use in this run and what uses them, for result id collisions. */
  readonly messageIds: Map<string, string>;
  /** Calls already reported as answered by a fabricated snapshot message. */
  readonly fabricatedReported: Set<string>;
  /** toolCallIds a MESSAGES_SNAPSHOT of this run answered with a tool message. */
  readonly snapshotAnswers: Set<string>;
  /** Calls already reported as existing only in a snapshot. */
  readonly snapshotOnlyReported: Set<string>;
  afterEndReported: boolean;
  truncationReported: boolean;
  /** The request's history was judged for calls without an answer (./history-answers.ts). */
  historyChecked: boolean;
  input: InputIndex | undefined;
  inputFrom: unknown;
  /** The thread's call index (engine.ts threadCalls), kept for the thread it was found for. */
  threadCalls: { readonly threadId: string; readonly calls: Map<string, string> } | undefined;
  /** The agent state and activity contents patches apply to, from the run's first state event. */
  patches: PatchState | undefined;
  /** A2UI messages per source, judged when the run ends (./a2ui.ts). */
  a2ui: A2uiRunState | undefined;
}

/** The documents JSON Patches apply to in one run (./state-patches.ts). */
export interface PatchState {
  /** Undefined until the run's first state source (request state or snapshot). */
  state: { value: unknown } | undefined;
  readonly activities: Map<string, unknown>;
}

export interface StreamState {
  readonly streamId: string;
  firstChecked: boolean;
  run: RunState | undefined;
  runCount: number;
  crlfReported: boolean;
  /** An SSE event with an `event:` name was reported (sse/named-event, once per stream). */
  namedEventReported: boolean;
  endReported: boolean;
  /** The body ended and was judged; the run state was released (sessions grow long). */
  closed: boolean;
  /** Updated in place per raw event. */
  lastRaw: { index: number; t: number } | undefined;
  /** The threadId of the stream's first RUN_STARTED: later runs belong to the same thread. */
  threadId: string | undefined;
}

export function newRun(fields: {
  started: boolean;
  threadId?: string;
  runId?: string;
  startIndex: number;
  runKey: string;
}): RunState {
  // One literal with every key, the later ones undefined, not `{ ...fields, … }` (rule 2 of
  // docs/performance.md, "The core's performance rules"): every check reads it per event.
  return {
    started: fields.started,
    threadId: fields.threadId,
    runId: fields.runId,
    startIndex: fields.startIndex,
    runKey: fields.runKey,
    phase: 'active',
    openText: new Set(),
    owners: { message: new Map(), toolCall: new Map(), activity: new Map(), reasoning: new Map() },
    ownerFromRequest: new Set(),
    steps: new Map(),
    reasoningSpans: new Set(),
    reasoningMessages: new Set(),
    subagentsActive: new Set(),
    subagentsClosed: new Set(),
    messageIds: new Map(),
    fabricatedReported: new Set(),
    snapshotAnswers: new Set(),
    snapshotOnlyReported: new Set(),
    afterEndReported: false,
    truncationReported: false,
    historyChecked: false,
    input: undefined,
    inputFrom: undefined,
    threadCalls: undefined,
    patches: undefined,
    a2ui: undefined,
  };
}

export function newStream(streamId: string): StreamState {
  // Every key from the start (see newRun).
  return {
    streamId,
    firstChecked: false,
    run: undefined,
    runCount: 0,
    crlfReported: false,
    namedEventReported: false,
    endReported: false,
    closed: false,
    lastRaw: undefined,
    threadId: undefined,
  };
}
