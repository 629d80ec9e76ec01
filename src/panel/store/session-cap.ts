// The session-wide memory cap of the panel. What the session keeps alive is counted by the
// retained book (wire bytes and the decoded text kept beside them, an upper-bound estimate)
// and, past the cap (less a margin for the panel itself), the core evicts the oldest whole
// runs, measured in the same account.
// When nothing can go (only streams still receiving hold the bytes), or the core offers no
// evictor, capture stops cleanly instead: open streams end 'capture-truncated', new ones are
// not recorded, and capture health says so. Never half a run either way.
import type { Inspector } from '../../core/inspector.js';
import type { StreamModel } from '../../core/model/types.js';
import type { RetainedBook } from './retained-book.js';

/** The core's hook: evict the oldest whole runs until about `bytes` (by `measure`) are freed. */
export interface RunEvictor {
  evictOldestRuns(
    bytes: number,
    measure?: (stream: StreamModel) => number,
  ): { readonly runs: number; readonly bytes: number };
}

export function evictorOf(inspector: Inspector): RunEvictor | undefined {
  const e = (inspector as Partial<RunEvictor>).evictOldestRuns;
  return typeof e === 'function'
    ? { evictOldestRuns: (bytes, measure) => e.call(inspector, bytes, measure) }
    : undefined;
}

export interface SessionCap {
  /** Count what a stream's new chunks hold; true when the session is now over the cap. */
  note(inspector: Inspector, streamId: string): boolean;
  /** Re-measure the streams noted since (runs, text, findings); true when over the cap. */
  settle(inspector: Inspector): boolean;
  /** Past the cap: evict if the core can; false when capture must stop instead. */
  enforce(inspector: Inspector): boolean;
  setCap(bytes: number): void;
  /** A fresh session: nothing held, nothing evicted. */
  reset(): void;
  readonly book: RetainedBook;
  readonly bytes: number;
  readonly capBytes: number;
  readonly evictedRuns: number;
  readonly evictedBytes: number;
}

/** Evict down to this share of the cap, so eviction does not run on every message. */
const LOW_WATER = 0.8;
/** Room kept for the panel itself (code, views, the batch in flight): 1/16 of the cap, at most 32 MB. */
const MARGIN_MAX = 32 * 1024 * 1024;
export const capturedLimit = (cap: number): number => cap - Math.min(MARGIN_MAX, cap / 16);

export function createSessionCap(capBytes: number, book: RetainedBook): SessionCap {
  let cap = capBytes;
  let evictedRuns = 0;
  let evictedBytes = 0;
  return {
    book,
    note(inspector, streamId) {
      return book.note(inspector.model, streamId) > capturedLimit(cap);
    },
    settle(inspector) {
      return book.settle(inspector.model) > capturedLimit(cap);
    },
    enforce(inspector) {
      const ev = evictorOf(inspector);
      if (!ev) return false;
      // The live streams' runs may not be measured yet: measure everything first.
      book.settle(inspector.model);
      // Bounded: an evictor that frees less than it says cannot keep the panel looping.
      const limit = capturedLimit(cap);
      for (let round = 0; round < 16 && book.total > limit; round++) {
        const before = book.total;
        const freed = ev.evictOldestRuns(before - cap * LOW_WATER, (s) => book.measure(s));
        if (freed.runs === 0 && freed.bytes === 0) break;
        evictedRuns += freed.runs;
        evictedBytes += Math.max(0, before - book.prune(inspector.model));
      }
      return book.total <= limit;
    },
    setCap(n) {
      cap = n;
    },
    reset() {
      book.reset();
      evictedRuns = 0;
      evictedBytes = 0;
    },
    get bytes() {
      return book.total;
    },
    get capBytes() {
      return cap;
    },
    get evictedRuns() {
      return evictedRuns;
    },
    get evictedBytes() {
      return evictedBytes;
    },
  };
}
