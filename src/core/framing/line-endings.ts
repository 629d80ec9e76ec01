import type { LineEnding } from '../model/types.js';

export interface LineEndingTracker {
  see(ending: 'lf' | 'crlf' | 'cr'): void;
  readonly value: LineEnding;
}

/** One kind seen → that kind; two or more kinds → 'mixed' (the client only splits on LF). */
export function createLineEndingTracker(): LineEndingTracker {
  const seen = new Set<'lf' | 'crlf' | 'cr'>();
  return {
    see(ending) {
      seen.add(ending);
    },
    get value(): LineEnding {
      if (seen.size === 0) return 'none';
      if (seen.size > 1) return 'mixed';
      const [only] = seen;
      return only ?? 'none';
    },
  };
}
