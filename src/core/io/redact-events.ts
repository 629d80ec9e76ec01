// Redacts one stream's events. Tool-argument deltas are fragments of one JSON text per
// call, so they are joined, redacted as a whole (structurally when JSON), and cut back
// at the original boundaries; every other field is redacted value by value.
import { redactText, redactValue } from './redact-value.js';
import { isRecord } from './text.js';

export interface EventItem {
  readonly t: number;
  /** The parsed event; undefined when the frame did not parse. */
  readonly payload: unknown;
  /** The undecodable text, when known (masked on output). */
  readonly badText?: string;
  readonly truncated?: boolean;
  readonly sseEvent?: string;
  readonly sseId?: string;
}

const ARG_TYPES = new Set(['TOOL_CALL_ARGS', 'TOOL_CALL_CHUNK']);

/** Per item index: its redacted argument delta, for ARGS/CHUNK events with a string delta. */
function redactArgDeltas(items: readonly EventItem[]): Map<number, string> {
  const groups = new Map<string, number[]>();
  let lastChunkCall = '';
  items.forEach((item, i) => {
    const p = item.payload;
    if (!isRecord(p) || typeof p['type'] !== 'string' || !ARG_TYPES.has(p['type'])) return;
    if (typeof p['delta'] !== 'string') return;
    let key = typeof p['toolCallId'] === 'string' ? p['toolCallId'] : '';
    // A chunk without an id continues the chunked call before it.
    if (p['type'] === 'TOOL_CALL_CHUNK') key = key === '' ? lastChunkCall : key;
    if (p['type'] === 'TOOL_CALL_CHUNK') lastChunkCall = key;
    const group = groups.get(key) ?? [];
    group.push(i);
    groups.set(key, group);
  });
  const out = new Map<number, string>();
  for (const indexes of groups.values()) {
    const deltas = indexes.map((i) => (items[i]!.payload as Record<string, string>)['delta'] ?? '');
    const redacted = redactText(deltas.join(''));
    let offset = 0;
    indexes.forEach((i, n) => {
      const length = deltas[n]!.length;
      out.set(i, redacted.slice(offset, offset + length));
      offset += length;
    });
  }
  return out;
}

/** Returns the redacted payloads (undefined stays undefined), noting each replaced path. */
export function redactEvents(items: readonly EventItem[], basePath: string, note: (path: string) => void): unknown[] {
  const args = redactArgDeltas(items);
  return items.map((item, i) => {
    const path = `${basePath}[${i}]`;
    const p = item.payload;
    if (!isRecord(p)) return p === undefined ? undefined : redactValue(p, path, note);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(p)) {
      const delta = k === 'delta' ? args.get(i) : undefined;
      if (delta !== undefined) {
        if (delta !== v) note(`${path}.delta`);
        out[k] = delta;
      } else {
        out[k] = redactValue(v, `${path}.${k}`, note, k);
      }
    }
    return out;
  });
}
