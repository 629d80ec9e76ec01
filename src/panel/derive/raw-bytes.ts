// The exact bytes of one wire event: the stream's captured byte chunks sliced by the
// event's span. Computed only for the selected event (a walk over the chunks).
import type { WireSpan } from '../../core/events/types.js';
import type { StreamModel } from '../../core/model/types.js';

export const MAX_RAW_BYTES = 256 * 1024;

export function sliceStreamBytes(
  stream: StreamModel,
  span: WireSpan,
  cap = MAX_RAW_BYTES,
): { bytes: Uint8Array; truncated: boolean } | undefined {
  const want = Math.max(0, Math.min(span.end - span.start, cap));
  const out = new Uint8Array(want);
  let offset = 0;
  let filled = 0;
  let any = false;
  for (let i = 0; i < stream.chunks.length && filled < want; i++) {
    const c = stream.chunks[i];
    if (!c || c.kind !== 'bytes') continue;
    any = true;
    const from = offset;
    const to = offset + c.data.length;
    offset = to;
    if (to <= span.start) continue;
    const a = Math.max(span.start, from) - from;
    const b = Math.min(span.start + want, to) - from;
    if (b > a) {
      out.set(c.data.subarray(a, b), filled);
      filled += b - a;
    }
  }
  if (!any) return undefined;
  return { bytes: out.subarray(0, filled), truncated: span.end - span.start > cap };
}

export function hexDump(bytes: Uint8Array): string {
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += 16) {
    const row = bytes.subarray(i, i + 16);
    const hex = [...row].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    const ascii = [...row].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${i.toString(16).padStart(8, '0')}  ${hex.padEnd(47)}  ${ascii}`);
  }
  return lines.join('\n');
}

/** Text with control characters other than newline/tab made visible (\r shows as ␍). */
export function visibleText(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (c === 0x0d) out += '␍';
    else if (c < 0x20 && c !== 0x0a && c !== 0x09) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out;
}
