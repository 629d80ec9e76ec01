// Which recorded run answers a request: the next one in order, or the next one recorded
// on the request's thread. With loop, an exhausted list (or thread) starts over. Used by
// `serve` and by the Playwright fixture's routing.

/** What picking needs of a recorded run. */
export interface RunHead {
  readonly threadId?: string;
}

export type MatchMode = 'order' | 'thread';

export interface RunPicker<R extends RunHead> {
  next(threadId: string | undefined): R | undefined;
  /** How many runs are still unanswered; undefined when looping (never used up). */
  left(): number | undefined;
}

export function createPicker<R extends RunHead>(runs: readonly R[], mode: MatchMode, loop: boolean): RunPicker<R> {
  const served = new Set<R>();
  let cursor = 0;
  const firstUnserved = (candidates: readonly R[]): R | undefined => {
    const found = candidates.find((r) => !served.has(r));
    if (found !== undefined || !loop || candidates.length === 0) return found;
    for (const r of candidates) served.delete(r);
    return candidates[0];
  };
  return {
    left: () => (loop ? undefined : runs.length - (mode === 'order' ? cursor : served.size)),
    next(threadId) {
      if (mode === 'order') {
        if (cursor >= runs.length) {
          if (!loop || runs.length === 0) return undefined;
          cursor = 0;
        }
        return runs[cursor++];
      }
      if (threadId === undefined) return undefined;
      const run = firstUnserved(runs.filter((r) => r.threadId === threadId));
      if (run !== undefined) served.add(run);
      return run;
    },
  };
}
