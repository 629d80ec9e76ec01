// One-line summaries of events for the Events list and the filter. Payloads are
// untrusted: read through type checks, cut to a preview, rendered as text only.
import type { RawEvent } from '../../core/events/types.js';
import { asRecord, str } from '../core-deps.js';

const MAX = 160;

export function clip(text: string, max = MAX): string {
  const oneLine = text.length > max * 2 ? text.slice(0, max * 2) : text;
  const flat = oneLine.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function preview(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(clip(v));
  try {
    return clip(JSON.stringify(v) ?? String(v));
  } catch {
    return '[unserializable]';
  }
}

/** The ids an event carries, for display and filtering. */
export function eventIds(payload: unknown): string[] {
  const p = asRecord(payload);
  if (!p) return [];
  const out: string[] = [];
  for (const k of ['runId', 'threadId', 'messageId', 'toolCallId', 'parentMessageId', 'subagentRunId']) {
    const v = str(p[k]);
    if (v !== undefined) out.push(`${k}=${v}`);
  }
  return out;
}

/** Fields every event carries whose values other columns show (type, ids, timestamp). */
const SHOWN_ELSEWHERE = new Set(['type', 'timestamp', 'rawEvent', 'runId', 'threadId', 'messageId', 'toolCallId']);

/** An event's fields other than those shown elsewhere, as a short preview ('' when none). */
function restPreview(p: Readonly<Record<string, unknown>>): string {
  const rest = Object.entries(p).filter(([k]) => !SHOWN_ELSEWHERE.has(k));
  return rest.length === 0 ? '' : clip(rest.map(([k, v]) => `${k}: ${preview(v)}`).join(', '));
}

/** A JSON Patch's operations as `op path`, so a delta row says what it changes. */
function patchPreview(delta: unknown): string {
  if (!Array.isArray(delta)) return preview(delta);
  const ops = delta.map((op) => {
    const o = asRecord(op);
    return o ? `${str(o.op) ?? '?'} ${str(o.path) ?? '?'}` : '?';
  });
  return clip(`${ops.length} op${ops.length === 1 ? '' : 's'}: ${ops.join(', ')}`);
}

/** What an event whose only fields are shown in other columns means. */
const BARE: Readonly<Record<string, string>> = {
  TEXT_MESSAGE_END: 'message ends',
  TOOL_CALL_END: 'call ends',
  REASONING_END: 'reasoning ends',
  REASONING_MESSAGE_END: 'reasoning message ends',
  THINKING_END: 'thinking ends',
  THINKING_TEXT_MESSAGE_END: 'thinking message ends',
  RUN_STARTED: 'run starts',
};

function activitySummary(type: string, p: Readonly<Record<string, unknown>>): string {
  const head = `${str(p.activityType) ?? '?'} · ${str(p.messageId) ?? '?'}`;
  if (type === 'ACTIVITY_DELTA')
    return clip(`${head} · ${Array.isArray(p.patch) ? patchPreview(p.patch) : 'patch is not an array'}`);
  return clip(`${head}${p.replace === false ? ' · replace: false' : ''} · ${preview(p.content)}`);
}

/** A non-empty one-line summary of an event's payload: every Events row says what it is. */
export function summarizePayload(type: string, payload: unknown): string {
  const p = asRecord(payload);
  if (!p) return payload === undefined ? '' : preview(payload);
  switch (type) {
    case 'TOOL_CALL_START':
      return `${str(p.toolCallName) ?? '?'}`;
    case 'TOOL_CALL_ARGS':
    case 'TEXT_MESSAGE_CONTENT':
    case 'TOOL_CALL_CHUNK':
    case 'TEXT_MESSAGE_CHUNK':
      return preview(p.delta ?? '');
    case 'TOOL_CALL_RESULT':
      return preview(p.content);
    case 'RUN_ERROR':
      return clip(str(p.message) ?? '') || 'run error';
    case 'ACTIVITY_SNAPSHOT':
    case 'ACTIVITY_DELTA':
      return activitySummary(type, p);
    case 'RUN_FINISHED':
      return p.outcome === undefined ? 'success' : preview(p.outcome);
    case 'STATE_DELTA':
      return patchPreview(p.delta);
    case 'STATE_SNAPSHOT':
      return `snapshot ${preview(p.snapshot)}`;
    case 'MESSAGES_SNAPSHOT':
      return Array.isArray(p.messages) ? `${p.messages.length} messages` : restPreview(p) || 'messages snapshot';
    default:
      return restPreview(p) || BARE[type] || (type ? type.toLowerCase().replace(/_/g, ' ') : 'event');
  }
}

/** What a raw event's problems say (a decoding failure, a notice of what a client adjusts). */
export function problemText(raw: RawEvent): string {
  return raw.problems.map((p) => p.message).join('; ');
}

/**
 * A raw event's summary: its payload's, or, for an event without a readable payload, what
 * went wrong reading it. A problem never replaces a summary; the row's marker shows it.
 */
export function summarizeRaw(raw: RawEvent): string {
  return summarizePayload(raw.type, raw.payload) || clip(problemText(raw)) || '(empty frame)';
}
