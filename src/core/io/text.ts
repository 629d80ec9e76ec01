// Small shared helpers for the loaders: strict UTF-8, JSON without exceptions leaking,
// and shape checks on untrusted values.

export type Parsed = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

export function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** The JSON value of `text`, or undefined when it is not JSON. */
export function jsonOrUndefined(text: string): unknown {
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : undefined;
}

/** Strict UTF-8 decode; undefined when the bytes are not UTF-8 (binary input). */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return text;
  } catch {
    return undefined;
  }
}

export function encodeUtf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export { isRecord, str } from '../json-value.js';

export function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function plural(n: number, word: string): string {
  if (n === 1) return `${n} ${word}`;
  return /[^aeiou]y$/.test(word) ? `${n} ${word.slice(0, -1)}ies` : `${n} ${word}s`;
}

/** The file extension, lower-case, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
