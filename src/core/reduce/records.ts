// Copies of model records with a few fields replaced, written as object literals.
// `{ ...record, field }` looked harmless but V8 takes a slow path for a spread followed
// by properties the source already has (~0.8 µs per copy against ~20 ns for a literal,
// bench/breakdown.ts), and the touched path copies several records per event. Optional
// fields are copied only when present, so a copy has exactly the source's keys.
import type { Log } from '../model/log.js';
import type { MessageModel, RunModel, SessionModel, StreamModel, ToolCallModel } from '../model/types.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function withSession(m: SessionModel, version: number, streams: SessionModel['streams'], runs: SessionModel['runs']): SessionModel {
  return { version, streams, runs, threads: m.threads, findings: m.findings, counts: m.counts };
}

export interface StreamPatch {
  readonly chunks?: StreamModel['chunks'];
  readonly bytes?: number;
  readonly lineEnding?: StreamModel['lineEnding'];
  readonly rawEvents?: StreamModel['rawEvents'];
  readonly expanded?: StreamModel['expanded'];
}

export function withStream(s: StreamModel, p: StreamPatch): StreamModel {
  const out: Mutable<StreamModel> = {
    info: s.info,
    chunks: p.chunks ?? s.chunks,
    bytes: p.bytes ?? s.bytes,
    lineEnding: p.lineEnding ?? s.lineEnding,
    rawEvents: p.rawEvents ?? s.rawEvents,
    expanded: p.expanded ?? s.expanded,
    runKeys: s.runKeys,
  };
  if ('requestInput' in s) out.requestInput = s.requestInput;
  if ('end' in s) out.end = s.end;
  return out;
}

/** The run with new message/call logs and last event (what one in-run event changes). */
export function withRun(r: RunModel, lastEvent: number, messages: Log<MessageModel>, toolCalls: Log<ToolCallModel>): RunModel {
  const out: Mutable<RunModel> = {
    key: r.key,
    streamId: r.streamId,
    ordinal: r.ordinal,
    threadId: r.threadId,
    runId: r.runId,
    inputSource: r.inputSource,
    status: r.status,
    startedAt: r.startedAt,
    firstEvent: r.firstEvent,
    lastEvent,
    toolCalls,
    messages,
  };
  if ('input' in r) out.input = r.input;
  if ('outcome' in r) out.outcome = r.outcome;
  if ('error' in r) out.error = r.error;
  if ('endedAt' in r) out.endedAt = r.endedAt;
  if ('implicit' in r) out.implicit = r.implicit;
  if ('unmatchedResults' in r) out.unmatchedResults = r.unmatchedResults;
  return out;
}

export function withText(m: MessageModel, text: string): MessageModel {
  const out: Mutable<MessageModel> = {
    messageId: m.messageId,
    kind: m.kind,
    role: m.role,
    startEvent: m.startEvent,
    startT: m.startT,
    text,
    open: m.open,
  };
  if ('owner' in m) out.owner = m.owner;
  if ('endEvent' in m) out.endEvent = m.endEvent;
  if ('endT' in m) out.endT = m.endT;
  return out;
}

export function withArgs(c: ToolCallModel, args: string, deltas: ToolCallModel['deltas']): ToolCallModel {
  const out: Mutable<ToolCallModel> = {
    toolCallId: c.toolCallId,
    name: c.name,
    names: c.names,
    frontend: c.frontend,
    advertised: c.advertised,
    status: c.status,
    segments: c.segments,
    deltas,
    args,
    json: c.json,
    schema: c.schema,
    results: c.results,
    fromChunks: c.fromChunks,
  };
  if ('parentMessageId' in c) out.parentMessageId = c.parentMessageId;
  if ('owner' in c) out.owner = c.owner;
  if ('answer' in c) out.answer = c.answer;
  return out;
}
