import type { LineEnding } from '../model/types.js';

export interface LineEndingTracker {
  see(ending: 'lf' | 'crlf' | 'cr'): void;
  readonly value: LineEnding;
}

const BIT = { lf: 1, crlf: 2, cr: 4 } as const;
const ONLY: Readonly<Record<number, LineEnding>> = { 0: 'none', 1: 'lf', 2: 'crlf', 4: 'cr' };

/** One kind seen → that kind; two or more kinds → 'mixed' (the client only splits on LF). */
export function createLineEndingTracker(): LineEndingTracker {
  // A bit set, not a Set: see() runs once per line on the hot path.
  let seen = 0;
  return {
    see(ending) {
      seen |= BIT[ending];
    },
    get value(): LineEnding {
      return ONLY[seen] ?? 'mixed';
    },
  };
}
