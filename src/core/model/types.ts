// The inspector's model: plain data owned by one store (src/core/reduce/store.ts), which
// appends and updates it in place. Readers get readonly views and learn *that* something
// changed from version numbers: every record the store touches takes the session's new
// version, so `record.version > seen` tells a view what to re-derive. Exports go through
// the typed session format (src/core/io), never by serializing these objects.
import type { EventSourceMessage, StreamEndInfo, StreamOpenInfo } from '../capture.js';
import type { ExpandedEvent, RawEvent } from '../events/types.js';
import type { Finding } from '../findings.js';

export type LineEnding = 'none' | 'lf' | 'crlf' | 'cr' | 'mixed';

/** Events of a stream, read by index (negative counts from the end, as Array.at does). */
export interface EventList<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

/** One piece of captured material, kept verbatim so exports lose nothing. */
export type CapturedChunk =
  | { readonly t: number; readonly kind: 'bytes'; readonly data: Uint8Array }
  | { readonly t: number; readonly kind: 'message'; readonly message: EventSourceMessage }
  | { readonly t: number; readonly kind: 'event'; readonly event: unknown };

/** The session version at which a record last changed (see the file comment). */
export interface Versioned {
  readonly version: number;
}

export interface StreamModel extends Versioned {
  readonly info: StreamOpenInfo;
  /** Everything captured for this stream, in arrival order (raw bytes for SSE/proto). */
  readonly chunks: readonly CapturedChunk[];
  readonly end?: StreamEndInfo;
  readonly bytes: number;
  readonly lineEnding: LineEnding;
  /**
   * Every wire event, decodable or not, by wire index. Kept as byte ranges into `chunks`:
   * each read decodes the event again (cheap for the rows a view shows).
   */
  readonly rawEvents: EventList<RawEvent>;
  /** The chunk-expanded events (what rules and the model consume). */
  readonly expanded: EventList<ExpandedEvent>;
  /** Keys of the runs this stream carried, in order (usually one). */
  readonly runKeys: readonly string[];
  /** The request body parsed as RunAgentInput, when it looked like one. */
  readonly requestInput?: RunInputModel;
  /**
   * Where each wire event starts in the stream's bytes, when the events themselves are not
   * kept (`retain: 'findings'`: rawEvents only counts them).
   */
  readonly eventStarts?: EventList<number>;
}

/** What we read from a RunAgentInput (request body or RUN_STARTED.input echo). */
export interface RunInputModel {
  readonly threadId?: string;
  readonly runId?: string;
  /** Advertised frontend tools: name → parameters JSON Schema (undefined when none). */
  readonly tools: readonly { readonly name: string; readonly parameters?: unknown }[];
  readonly messages: readonly unknown[];
  readonly raw: unknown;
}

/** 'failed': the run request got no AG-UI answer at all (src/core/failed-request.ts says why). */
export type RunStatus = 'running' | 'finished' | 'errored' | 'truncated' | 'aborted' | 'failed';

export interface RunModel extends Versioned {
  /** `${streamId}#${ordinal}`: unique in a session even when runIds repeat. */
  readonly key: string;
  readonly streamId: string;
  readonly ordinal: number;
  readonly threadId: string;
  readonly runId: string;
  readonly input?: RunInputModel;
  readonly inputSource: 'request' | 'echo' | 'none';
  readonly status: RunStatus;
  /** RUN_FINISHED.outcome as sent (absent = success), or RUN_ERROR's message/code. */
  readonly outcome?: unknown;
  readonly error?: { readonly message: string; readonly code?: string };
  readonly startedAt: number;
  readonly endedAt?: number;
  /** Wire index range of this run's events in its stream. */
  readonly firstEvent: number;
  readonly lastEvent: number;
  readonly toolCalls: readonly ToolCallModel[];
  readonly messages: readonly MessageModel[];
  /** Activity messages (`role: "activity"`) as the client holds them after the run's events. */
  readonly activities: readonly ActivityModel[];
  /** No RUN_STARTED opened this run: events outside any run are kept here, not dropped. */
  readonly implicit?: boolean;
  /** TOOL_CALL_RESULTs naming no call of this run (e.g. a resumed run answering an old call). */
  readonly unmatchedResults?: readonly UnmatchedResultModel[];
}

export interface UnmatchedResultModel extends ToolResultModel {
  readonly toolCallId: string;
}

export interface ArgsDelta {
  /** Wire index of the raw event that carried this delta (a chunk or an ARGS). */
  readonly event: number;
  readonly t: number;
  /** Offset in the accumulated argument text where this delta begins. */
  readonly offset: number;
  readonly length: number;
  /** Which segment (0 = first open, 1 = first reopen, …). */
  readonly segment: number;
}

export interface CallSegment {
  readonly startEvent: number;
  readonly startT: number;
  readonly endEvent?: number;
  readonly endT?: number;
  /** What the opening START said (a reopen may disagree). */
  readonly name: string;
  readonly parentMessageId?: string;
  readonly owner?: string;
  /** The END was synthesized by chunk expansion; closedBy is the raw event that caused it. */
  readonly implicitEnd?: { readonly closedBy: number };
}

export type JsonState =
  | { readonly state: 'empty' }
  | { readonly state: 'incomplete' }
  | { readonly state: 'valid' }
  | { readonly state: 'invalid'; readonly position: number; readonly message: string }
  | { readonly state: 'concatenated'; readonly count: number };

export type SchemaResult =
  | { readonly state: 'not-applicable' }
  | { readonly state: 'valid'; readonly unchecked?: readonly string[] }
  | {
      readonly state: 'invalid';
      readonly errors: readonly { readonly path: string; readonly message: string }[];
      readonly unchecked?: readonly string[];
    }
  | { readonly state: 'schema-error'; readonly message: string };

export interface ToolResultModel {
  readonly event: number;
  readonly t: number;
  readonly messageId: string;
  /** string or ContentPart[] as sent: untrusted, shown as data. */
  readonly content: unknown;
  /** The result arrived while its call was open. */
  readonly beforeEnd: boolean;
}

/** The answer a later run's request gave to a pending call (tool message in input). */
export interface ToolAnswerModel {
  readonly runKey: string;
  readonly messageId?: string;
  readonly content: unknown;
  readonly error?: string;
}

export type ToolCallStatus =
  | 'streaming' // open now
  | 'closed' // END seen, no result (backend call still running or result not streamed)
  | 'result' // a TOOL_CALL_RESULT arrived
  | 'pending' // frontend call left for the application at RUN_FINISHED
  | 'answered' // the next run's input answered it
  | 'unclosed'; // the run or stream ended with it open

export interface ToolCallModel extends Versioned {
  readonly toolCallId: string;
  /** The name the call currently carries (the reference reducer keeps the last). */
  readonly name: string;
  /** Every distinct name the call was given, in order. */
  readonly names: readonly string[];
  readonly parentMessageId?: string;
  readonly owner?: string;
  readonly frontend: boolean;
  readonly advertised: boolean;
  readonly status: ToolCallStatus;
  readonly segments: readonly CallSegment[];
  readonly deltas: readonly ArgsDelta[];
  /** The accumulated argument text (all segments). */
  readonly args: string;
  readonly json: JsonState;
  readonly schema: SchemaResult;
  readonly results: readonly ToolResultModel[];
  readonly answer?: ToolAnswerModel;
  readonly fromChunks: boolean;
}

export interface MessageModel extends Versioned {
  readonly messageId: string;
  readonly kind: 'text' | 'reasoning';
  readonly role: string;
  readonly owner?: string;
  readonly startEvent: number;
  readonly startT: number;
  readonly endEvent?: number;
  readonly endT?: number;
  readonly text: string;
  readonly open: boolean;
}

/** One ACTIVITY_SNAPSHOT or ACTIVITY_DELTA on an activity message (a mark on its lane). */
export interface ActivityMark {
  /** Wire index of the event. */
  readonly event: number;
  readonly t: number;
  readonly kind: 'snapshot' | 'delta';
  /** What the client did with it: took it, kept what it had (replace: false), or failed the patch. */
  readonly effect: 'applied' | 'kept' | 'failed';
}

/**
 * An activity message (AG-UI Events › Activity events) as @ag-ui/client holds it: created by
 * the first ACTIVITY_SNAPSHOT for its id, replaced by later snapshots unless `replace` is
 * false, patched by ACTIVITY_DELTA (a failed patch keeps the content it had).
 */
export interface ActivityModel extends Versioned {
  readonly messageId: string;
  /** The last activity type the client took (a snapshot or an applied delta sets it). */
  readonly activityType: string;
  /** The content after the last event (untrusted page data). */
  readonly content: unknown;
  readonly startEvent: number;
  readonly startT: number;
  readonly marks: readonly ActivityMark[];
}

export interface ThreadModel {
  readonly threadId: string;
  /** Run keys in request order (stream start time, then ordinal). */
  readonly runKeys: readonly string[];
}

export interface SessionModel {
  /** Increments with every change; records carry the version of their last change. */
  readonly version: number;
  readonly streams: readonly StreamModel[];
  readonly runs: readonly RunModel[];
  readonly threads: readonly ThreadModel[];
  readonly findings: readonly Finding[];
  /** Counts by severity, kept incrementally for the toolbar chips. */
  readonly counts: { readonly error: number; readonly warning: number; readonly notice: number };
}
