// Plain JSON copies of model pieces for "copy as JSON": the model is plain data (arrays
// and records, nothing recognised by shape); bytes become base64; the result is indented text.
import { encodeBase64 } from '../../core/io/base64.js';

export function toPlain(value: unknown, depth = 0): unknown {
  if (depth > 64) return '[too deep]';
  if (value instanceof Uint8Array) return { base64: encodeBase64(value) };
  if (Array.isArray(value)) return value.map((v) => toPlain(v, depth + 1));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = toPlain(v, depth + 1);
    return out;
  }
  return value;
}

export function toJsonText(value: unknown): string {
  return JSON.stringify(toPlain(value), null, 2);
}
