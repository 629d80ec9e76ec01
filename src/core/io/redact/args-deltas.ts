// Tool-argument deltas are fragments of one JSON text per call: redacting a fragment
// alone would take keys for values. So a stream's deltas are joined per call, redacted
// as one text and cut again at the original boundaries.
import { recut, spansOf } from './edits.js';
import { redactJsonText, type LexContext } from './json-lex.js';
import { maskText } from './mask.js';
import { count } from './options.js';
import { isRecord } from '../text.js';

const ARG_TYPES = new Set(['TOOL_CALL_ARGS', 'TOOL_CALL_CHUNK']);

/** Per slot (the event's position in its stream): the redacted delta of each argument event. */
export function planArgsDeltas(payloads: readonly unknown[], ctx: LexContext): Map<number, string> {
  const groups = new Map<string, number[]>();
  let lastChunkCall = '';
  payloads.forEach((p, slot) => {
    if (!isRecord(p) || typeof p['type'] !== 'string' || !ARG_TYPES.has(p['type'])) return;
    if (typeof p['delta'] !== 'string') return;
    let key = typeof p['toolCallId'] === 'string' ? p['toolCallId'] : '';
    // A chunk without an id continues the chunked call before it.
    if (p['type'] === 'TOOL_CALL_CHUNK') {
      key = key === '' ? lastChunkCall : key;
      lastChunkCall = key;
    }
    const group = groups.get(key) ?? [];
    group.push(slot);
    groups.set(key, group);
  });
  const out = new Map<number, string>();
  for (const slots of groups.values()) {
    const deltas = slots.map((s) => String((payloads[s] as Record<string, unknown>)['delta']));
    const joined = deltas.join('');
    const lengths = deltas.map((d) => d.length);
    // Arguments that are not JSON at all are masked whole, still cut at the same places.
    if (/^\s*[[{]/.test(joined)) {
      const result = redactJsonText(joined, { k: 'data' }, { options: ctx.options, report: ctx.report });
      recut(lengths, spansOf(result.edits), result.text).forEach((piece, n) => out.set(slots[n]!, piece));
    } else {
      const masked = maskText(joined.length, ctx.options);
      if (masked !== joined) count(ctx.report, 'string');
      const span = [{ start: 0, end: joined.length, length: masked.length }];
      recut(lengths, span, masked).forEach((piece, n) => out.set(slots[n]!, piece));
    }
  }
  return out;
}
