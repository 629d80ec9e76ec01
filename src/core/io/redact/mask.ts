// Replacement text for data tokens. Same-length masks keep offsets, delta boundaries
// and JSON validity; with hideLengths a fixed token hides how long the value was.
import type { RedactOptions } from './options.js';

const MASK = '*';
export const HIDDEN = '[redacted]';

/** A masked text of `length` UTF-16 units (or the fixed token). Empty stays empty. */
export function maskText(length: number, options: RedactOptions): string {
  if (length === 0) return '';
  return options.hideLengths ? HIDDEN : MASK.repeat(length);
}

// U+FFFD in a decoded body stands for bytes that were not UTF-8 (or was sent as is): it is
// no one's data, and lint reports the event that holds it (sse/invalid-utf8), so masks keep it.
const NOT_REPLACEMENT = /[^\uFFFD]/g;

/** maskText for a string's raw text: the same, but U+FFFD stays where it was. */
export function maskString(raw: string, options: RedactOptions): string {
  if (!raw.includes('\uFFFD')) return maskText(raw.length, options);
  return options.hideLengths ? `${HIDDEN}\uFFFD` : raw.replace(NOT_REPLACEMENT, MASK);
}

/** Text that is not JSON, masked unit for unit, U+FFFD kept. */
export function maskRaw(raw: string): string {
  return raw.replace(NOT_REPLACEMENT, MASK);
}

/**
 * UTF-8 of a redacted body whose original was not all UTF-8: each U+FFFD (what the invalid
 * bytes decoded to) becomes one byte 0xFF, never valid UTF-8, so the copy's events read as
 * the original's did (sse/invalid-utf8 at the same events).
 */
export function encodeKeepingInvalid(text: string): Uint8Array {
  const encoder = new TextEncoder();
  if (!text.includes('\uFFFD')) return encoder.encode(text);
  const parts = text.split('\uFFFD').map((p) => encoder.encode(p));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0) + parts.length - 1);
  let at = 0;
  parts.forEach((p, i) => {
    if (i > 0) out[at++] = 0xff;
    out.set(p, at);
    at += p.length;
  });
  return out;
}

/**
 * A JSON number with its digits replaced: sign, point and exponent stay so the token
 * is still a number of the same length; a multi-digit integer part starts with 1.
 */
export function maskNumber(token: string, options: RedactOptions): string {
  if (options.hideLengths) return '0';
  let seenDigit = false;
  let out = '';
  for (let i = 0; i < token.length; i++) {
    const c = token[i]!;
    if (c >= '0' && c <= '9') {
      const leadsLongInt = !seenDigit && /[0-9]/.test(token[i + 1] ?? '');
      out += leadsLongInt ? '1' : '0';
      seenDigit = true;
    } else {
      if (c === '.' || c === 'e' || c === 'E') seenDigit = true;
      out += c;
    }
  }
  return out;
}

/** Booleans become false: the type stays (schemas still match), the value goes. */
export const MASKED_BOOLEAN = 'false';
