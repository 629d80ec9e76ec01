// The session-wide byte cap of the panel. The panel counts what it feeds the core
// (estimated bytes per stream) and, past the cap, asks the core to evict the oldest whole
// runs. Until the core offers that (`evictOldestRuns`, see RunEvictor), the cap stops
// capture cleanly instead: open streams end 'capture-truncated', new ones are not
// recorded, and capture health says so. Never half a run either way.
import type { Inspector } from '../../core/inspector.js';

/**
 * The hook the core is to add on the Inspector: evict the oldest whole runs (and the
 * streams only they use) until about `bytes` are freed; returns what it freed.
 */
export interface RunEvictor {
  evictOldestRuns(bytes: number): { readonly runs: number; readonly bytes: number };
}

export function evictorOf(inspector: Inspector): RunEvictor | undefined {
  const e = (inspector as Partial<RunEvictor>).evictOldestRuns;
  return typeof e === 'function' ? { evictOldestRuns: (bytes) => e.call(inspector, bytes) } : undefined;
}

export interface SessionCap {
  /** Count bytes fed to the core; returns true when the cap is now exceeded. */
  add(bytes: number): boolean;
  /** Past the cap: evict if the core can; false when capture must stop instead. */
  enforce(inspector: Inspector): boolean;
  setCap(bytes: number): void;
  /** A fresh session: nothing held, nothing evicted. */
  reset(): void;
  readonly bytes: number;
  readonly capBytes: number;
  readonly evictedRuns: number;
  readonly evictedBytes: number;
}

/** Evict down to this share of the cap, so eviction does not run on every message. */
const LOW_WATER = 0.8;

export function createSessionCap(capBytes: number): SessionCap {
  let cap = capBytes;
  let bytes = 0;
  let evictedRuns = 0;
  let evictedBytes = 0;
  return {
    add(n) {
      bytes += n;
      return bytes > cap;
    },
    enforce(inspector) {
      const ev = evictorOf(inspector);
      if (!ev) return false;
      const freed = ev.evictOldestRuns(bytes - cap * LOW_WATER);
      evictedRuns += freed.runs;
      evictedBytes += freed.bytes;
      bytes = Math.max(0, bytes - freed.bytes);
      return bytes <= cap;
    },
    setCap(n) {
      cap = n;
    },
    reset() {
      bytes = 0;
      evictedRuns = 0;
      evictedBytes = 0;
    },
    get bytes() {
      return bytes;
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
