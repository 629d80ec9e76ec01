// Feeds HAR captures to an inspector as they are read, in exactly the order feedCaptures
// gives the whole list: captures come sorted by start time, so a capture's end waits
// until every capture that starts no later than it has been opened.
import type { Inspector } from '../../inspector.js';
import type { Capture } from '../types.js';

interface PendingEnd {
  readonly capture: Capture;
  readonly t: number;
}

export interface OrderedFeed {
  /** False when the capture starts before the previous one: the order cannot be kept. */
  add(capture: Capture): boolean;
  finish(): void;
}

export function createOrderedFeed(inspector: Inspector): OrderedFeed {
  // Sorted by time; equal times keep arrival order (ties go to the earlier capture).
  const pending: PendingEnd[] = [];
  let last = -Infinity;
  const endUpTo = (t: number): void => {
    let n = 0;
    while (n < pending.length && pending[n]!.t <= t) n++;
    for (const p of pending.splice(0, n)) {
      const end = p.capture.end;
      if (end !== undefined) inspector.endStream(p.capture.open.streamId, end);
    }
  };
  return {
    add(capture) {
      const start = capture.open.startedAt;
      if (start < last) return false;
      last = start;
      endUpTo(start);
      const id = capture.open.streamId;
      inspector.openStream(capture.open);
      for (const piece of capture.pieces) {
        // A HAR capture has one bytes piece at its start time.
        if (piece.kind === 'bytes') inspector.appendBytes(id, piece.data, piece.t);
      }
      const t = capture.end?.t ?? Infinity;
      let at = pending.length;
      while (at > 0 && pending[at - 1]!.t > t) at--;
      pending.splice(at, 0, { capture, t });
      return true;
    },
    finish() {
      endUpTo(Infinity);
    },
  };
}
