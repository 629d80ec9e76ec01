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
