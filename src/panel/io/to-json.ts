// Plain JSON copies of model pieces for "copy as JSON": persistent logs become arrays,
// bytes become base64, and the result is indented text.
import { logToArray, type Log } from '../../core/model/log.js';
import { encodeBase64 } from '../../core/io/base64.js';

function isLog(v: unknown): v is Log<unknown> {
  return typeof v === 'object' && v !== null && 'chunks' in v && 'length' in v && Array.isArray((v as { chunks: unknown }).chunks);
}

export function toPlain(value: unknown, depth = 0): unknown {
  if (depth > 64) return '[too deep]';
  if (value instanceof Uint8Array) return { base64: encodeBase64(value) };
  if (isLog(value)) return logToArray(value).map((v) => toPlain(v, depth + 1));
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
