// Feeds HAR captures to an inspector as they are read, in exactly the order feedCaptures
// gives the whole list: captures come sorted by start time, so a capture's end waits
// until every capture that starts no later than it has been opened.
import type { StreamEndInfo } from '../../capture.js';
import type { Inspector } from '../../inspector.js';
import type { Capture } from '../types.js';
import { appendInPieces } from './feed-pieces.js';

// What waits for its end is the stream's id, not the capture: its body (megabytes in a
// HAR) is let go as soon as it was fed.
interface PendingEnd {
  readonly streamId: string;
  readonly end: StreamEndInfo | undefined;
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
    for (const p of pending.splice(0, n)) if (p.end !== undefined) inspector.endStream(p.streamId, p.end);
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
        if (piece.kind === 'bytes') appendInPieces(inspector, id, piece.data, piece.t);
      }
      const t = capture.end?.t ?? Infinity;
      let at = pending.length;
      while (at > 0 && pending[at - 1]!.t > t) at--;
      pending.splice(at, 0, { streamId: id, end: capture.end, t });
      return true;
    },
    finish() {
      endUpTo(Infinity);
    },
  };
}
