// De-duplicates relay messages by (streamId, seq): the relay replays its buffer when a
// panel says hello, and a replay can overlap what the live port already delivered.
// Sequence numbers grow per stream, so remembering the highest one is enough.

export interface SeqDedupe {
  /** True the first time (streamId, seq) is seen, false for a repeat or an older seq. */
  accept(streamId: string, seq: number): boolean;
}

export function createSeqDedupe(): SeqDedupe {
  const last = new Map<string, number>();
  return {
    accept(streamId, seq) {
      const prev = last.get(streamId);
      if (prev !== undefined && seq <= prev) return false;
      last.set(streamId, seq);
      return true;
    },
  };
}
