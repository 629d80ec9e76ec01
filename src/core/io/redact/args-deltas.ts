// Tool-argument deltas are fragments of one JSON text per call: redacting a fragment
// alone would take keys for values. So a stream's deltas are joined per call, redacted
// as one text and cut again at the original boundaries.
import { recut, spansOf } from './edits.js';
import { redactJsonText, type LexContext } from './json-lex.js';
import { maskText } from './mask.js';
import { count } from './options.js';
import { isRecord } from '../text.js';

const ARG_TYPES = new Set(['TOOL_CALL_ARGS', 'TOOL_CALL_CHUNK']);

export interface ArgsGroupState {
  lastChunkCall: string;
}

/** The call an argument event's delta belongs to (its group), or undefined for any other event. */
export function argsGroup(p: unknown, state: ArgsGroupState): string | undefined {
  if (!isRecord(p) || typeof p['type'] !== 'string' || !ARG_TYPES.has(p['type'])) return undefined;
  if (typeof p['delta'] !== 'string') return undefined;
  let key = typeof p['toolCallId'] === 'string' ? p['toolCallId'] : '';
  // A chunk without an id continues the chunked call before it.
  if (p['type'] === 'TOOL_CALL_CHUNK') {
    key = key === '' ? state.lastChunkCall : key;
    state.lastChunkCall = key;
  }
  return key;
}

/** One call's deltas (joined, and each one's length) redacted as one text, cut again where they were. */
export function redactGroup(joined: string, lengths: readonly number[], ctx: LexContext): string[] {
  // Arguments that are not JSON at all are masked whole, still cut at the same places.
  if (/^\s*[[{]/.test(joined)) {
    const result = redactJsonText(joined, { k: 'data' }, { options: ctx.options, report: ctx.report });
    return recut(lengths, spansOf(result.edits), result.text);
  }
  const masked = maskText(joined.length, ctx.options);
  if (masked !== joined) count(ctx.report, 'string');
  return recut(lengths, [{ start: 0, end: joined.length, length: masked.length }], masked);
}

/** Per slot (the event's position in its stream): the redacted delta of each argument event. */
export function planArgsDeltas(payloads: readonly unknown[], ctx: LexContext): Map<number, string> {
  const groups = new Map<string, number[]>();
  const state: ArgsGroupState = { lastChunkCall: '' };
  payloads.forEach((p, slot) => {
    const key = argsGroup(p, state);
    if (key === undefined) return;
    const group = groups.get(key) ?? [];
    group.push(slot);
    groups.set(key, group);
  });
  const out = new Map<number, string>();
  for (const slots of groups.values()) {
    const deltas = slots.map((s) => String((payloads[s] as Record<string, unknown>)['delta']));
    redactGroup(
      deltas.join(''),
      deltas.map((d) => d.length),
      ctx,
    ).forEach((piece, n) => out.set(slots[n]!, piece));
  }
  return out;
}
