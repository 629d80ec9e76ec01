import type { LineEnding } from '../model/types.js';

export type LineEndingKind = 'lf' | 'crlf' | 'cr';

/** Kinds seen so far as a bit set, not a Set: one is added per line on the hot path. */
export const LINE_ENDING_BIT: Readonly<Record<LineEndingKind, number>> = { lf: 1, crlf: 2, cr: 4 };

const ONLY: Readonly<Record<number, LineEnding>> = { 0: 'none', 1: 'lf', 2: 'crlf', 4: 'cr' };

/** One kind seen → that kind; two or more kinds → 'mixed' (the client only splits on LF). */
export function lineEndingOf(bits: number): LineEnding {
  return ONLY[bits] ?? 'mixed';
}
