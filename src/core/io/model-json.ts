// "Copy as JSON": typed, documented shapes written field by field from the store's
// records (docs/session-format.md, "Copied JSON"). Nothing is recognised by its shape:
// page data (payloads, arguments, results, inputs) is copied as the value it is, so a
// payload that looks like anything at all comes out exactly as it came in.
import type { ExpandedEvent, RawEvent } from '../events/types.js';
import type { MessageModel, RunModel, ToolCallModel } from '../model/types.js';

export interface EventJson {
  readonly streamId: string;
  /** Wire index in its stream. */
  readonly index: number;
  readonly t: number;
  /** Byte range of the frame (SSE/proto) or the message ordinal (EventSource, imports). */
  readonly span: { readonly start: number; readonly end: number };
  readonly type: string;
  readonly payload: unknown;
  readonly problems: RawEvent['problems'];
  readonly sseEvent?: string;
  readonly sseId?: string;
  /** For an event chunk expansion made: how, and from which wire event. */
  readonly synthesized?: ExpandedEvent['synthesized'];
  readonly closedBy?: number;
}

/** A tool call as the model keeps it, with the argument text joined (all segments). */
export interface CallJson extends Pick<
  ToolCallModel,
  | 'toolCallId'
  | 'name'
  | 'names'
  | 'parentMessageId'
  | 'owner'
  | 'frontend'
  | 'advertised'
  | 'status'
  | 'segments'
  | 'deltas'
  | 'json'
  | 'schema'
  | 'results'
  | 'answer'
  | 'fromChunks'
> {
  readonly args: string;
}

/** A message as the model keeps it, without its timestamps. */
export type MessageJson = Pick<
  MessageModel,
  'messageId' | 'kind' | 'role' | 'owner' | 'startEvent' | 'endEvent' | 'text' | 'open'
>;

/** A run as the model keeps it; its calls and messages as above, absences made explicit. */
export interface RunJson extends Pick<
  RunModel,
  | 'key'
  | 'streamId'
  | 'threadId'
  | 'runId'
  | 'status'
  | 'inputSource'
  | 'outcome'
  | 'error'
  | 'startedAt'
  | 'endedAt'
  | 'firstEvent'
  | 'lastEvent'
> {
  readonly implicit: boolean;
  /** The RunAgentInput as sent (request body or RUN_STARTED echo). */
  readonly input?: unknown;
  readonly toolCalls: readonly CallJson[];
  readonly messages: readonly MessageJson[];
  readonly unmatchedResults: NonNullable<RunModel['unmatchedResults']>;
}

export function eventToJson(event: RawEvent | ExpandedEvent): EventJson {
  const raw = 'raw' in event ? event.raw : event;
  const out: EventJson = {
    streamId: raw.streamId,
    index: raw.index,
    t: raw.t,
    span: { start: raw.span.start, end: raw.span.end },
    type: event.type,
    payload: event.payload,
    problems: raw.problems,
    ...(raw.sseEvent !== undefined ? { sseEvent: raw.sseEvent } : {}),
    ...(raw.sseId !== undefined ? { sseId: raw.sseId } : {}),
  };
  if (!('raw' in event) || event.synthesized === undefined) return out;
  return {
    ...out,
    synthesized: event.synthesized,
    ...(event.closedBy !== undefined ? { closedBy: event.closedBy.index } : {}),
  };
}

export function callToJson(c: ToolCallModel): CallJson {
  return {
    toolCallId: c.toolCallId,
    name: c.name,
    names: c.names,
    ...(c.parentMessageId !== undefined ? { parentMessageId: c.parentMessageId } : {}),
    ...(c.owner !== undefined ? { owner: c.owner } : {}),
    frontend: c.frontend,
    advertised: c.advertised,
    status: c.status,
    segments: c.segments,
    args: c.args,
    deltas: c.deltas,
    json: c.json,
    schema: c.schema,
    results: c.results,
    ...(c.answer !== undefined ? { answer: c.answer } : {}),
    fromChunks: c.fromChunks,
  };
}

function messageToJson(m: MessageModel): MessageJson {
  return {
    messageId: m.messageId,
    kind: m.kind,
    role: m.role,
    ...(m.owner !== undefined ? { owner: m.owner } : {}),
    startEvent: m.startEvent,
    ...(m.endEvent !== undefined ? { endEvent: m.endEvent } : {}),
    text: m.text,
    open: m.open,
  };
}

export function runToJson(r: RunModel): RunJson {
  return {
    key: r.key,
    streamId: r.streamId,
    threadId: r.threadId,
    runId: r.runId,
    status: r.status,
    implicit: r.implicit === true,
    inputSource: r.inputSource,
    ...(r.input !== undefined ? { input: r.input.raw } : {}),
    ...('outcome' in r ? { outcome: r.outcome } : {}),
    ...(r.error !== undefined ? { error: r.error } : {}),
    startedAt: r.startedAt,
    ...(r.endedAt !== undefined ? { endedAt: r.endedAt } : {}),
    firstEvent: r.firstEvent,
    lastEvent: r.lastEvent,
    toolCalls: r.toolCalls.map(callToJson),
    messages: r.messages.map(messageToJson),
    unmatchedResults: r.unmatchedResults ?? [],
  };
}

/** Indented JSON text of one of the shapes above. */
export function jsonText(value: EventJson | CallJson | RunJson): string {
  return JSON.stringify(value, null, 2);
}
