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

/** A JSON Patch's operations as `op path`, as far as they look like operations. */
function patchSummary(patch: unknown): string {
  if (!Array.isArray(patch)) return 'patch is not an array';
  const ops = patch.map((o: unknown) => {
    const r = asRecord(o);
    return `${str(r?.op) ?? '?'} ${str(r?.path) ?? '?'}`;
  });
  return `${ops.length} op${ops.length === 1 ? '' : 's'}${ops.length > 0 ? `: ${ops.join(', ')}` : ''}`;
}

function activitySummary(type: string, p: Readonly<Record<string, unknown>>): string {
  const head = `${str(p.activityType) ?? '?'} · ${str(p.messageId) ?? '?'}`;
  if (type === 'ACTIVITY_DELTA') return clip(`${head} · ${patchSummary(p.patch)}`);
  return clip(`${head}${p.replace === false ? ' · replace: false' : ''} · ${preview(p.content)}`);
}

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
      return clip(str(p.message) ?? '');
    case 'ACTIVITY_SNAPSHOT':
    case 'ACTIVITY_DELTA':
      return activitySummary(type, p);
    case 'RUN_FINISHED':
      return p.outcome === undefined ? 'success' : preview(p.outcome);
    default:
      return '';
  }
}

export function summarizeRaw(raw: RawEvent): string {
  if (raw.problems.length > 0) return clip(raw.problems.map((p) => p.message).join('; '));
  return summarizePayload(raw.type, raw.payload);
}
