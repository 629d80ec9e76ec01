// Drops relay messages the panel has already seen: the panel's one de-duplicator (used by
// the capture store). Each relay replays its buffer once per panel connection, and a
// reconnect (service-worker restart) brings a replay overlapping what arrived live, so the
// same message can arrive twice. Stream messages carry (streamId, seq) with seq growing per
// stream; the other replayable kinds carry their own ids. Live state (buffer-state,
// replay markers) always passes.
import type { RelayMessage } from './messages.js';

export interface SeqDeduper {
  /** True the first time a message is seen. */
  accept(msg: RelayMessage): boolean;
}

/** Bounded memory: the oldest keys are forgotten first (Map keeps insertion order). */
export function createSeqDeduper(maxKeys = 20_000): SeqDeduper {
  const lastSeq = new Map<string, number>();
  const seen = new Set<string>();
  const trim = (): void => {
    if (lastSeq.size > maxKeys) lastSeq.delete(lastSeq.keys().next().value as string);
    if (seen.size > maxKeys) seen.delete(seen.values().next().value as string);
  };
  const once = (key: string): boolean => {
    if (seen.has(key)) return false;
    seen.add(key);
    trim();
    return true;
  };
  return {
    accept(msg) {
      switch (msg.kind) {
        case 'stream-open':
        case 'stream-chunk':
        case 'stream-message':
        case 'stream-end': {
          const prev = lastSeq.get(msg.streamId);
          if (prev !== undefined && msg.seq <= prev) return false;
          lastSeq.set(msg.streamId, msg.seq);
          trim();
          return true;
        }
        case 'tap-ready':
          return once(`tap:${msg.frameId}`);
        case 'navigated':
          return once(`nav:${msg.docId}`);
        case 'stream-ignored':
          return once(`ign:${msg.id}`);
        default:
          return true;
      }
    },
  };
}
