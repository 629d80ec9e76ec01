// `retain: 'findings'` (src/core/inspector.ts): what a one-shot linter keeps. Events are
// counted (./event-count.ts), and a run no rule can read again in full is compacted
// (./compact-run.ts) to what the cross-run checks still ask of it.
//
// When can no rule read a run again? The rules judge every event against the run their
// stream state holds (src/core/rules/run-lifecycle.ts, beginEvent): it changes only at a
// RUN_STARTED, and is dropped when the stream's end has been judged. Events after a
// terminal stay with the ended run for the rules (while the store opens an implicit run
// for them), so an ended run stays whole until a later run on its stream was opened by
// RUN_STARTED, or the stream ended. What is read of a run after that — its calls' ids, a
// thread's earlier calls (tool-call/restreamed-history seeds), a run's pending calls and
// advertised tools for the next run on its thread (frontend-tool/* `next` checks), its
// status, keys and event bounds — survives compaction.
import { compactRun, createCompactShared } from './compact-run.js';
import { EventCount } from './event-count.js';
import type { Store } from './store.js';
import { runEntry, streamEntry } from './lookup.js';

export interface Retention {
  /** A stream was opened (applyStreamOpen): its events are counted from here on. */
  opened(streamId: string): void;
  /** The rules have judged a transition that created or ended runs on the stream. */
  runsChanged(streamId: string): void;
  /** The rules have judged the stream's end. */
  streamEnded(streamId: string): void;
}

export function createRetention(store: Store): Retention {
  // Per stream: runs before this ordinal are compacted already.
  const done = new Map<string, number>();
  // Per stream: how many runs were looked at, and the newest one RUN_STARTED opened (each
  // run is looked at once, however many implicit runs follow one another).
  const seen = new Map<string, { runs: number; started: number }>();
  const shared = createCompactShared();

  const compactBefore = (streamId: string, end: number): void => {
    const keys = streamEntry(store, streamId)?.stream.runKeys;
    if (keys === undefined) return;
    let i = done.get(streamId) ?? 0;
    for (; i < end && i < keys.length; i++) {
      const entry = runEntry(store, keys[i] as string);
      if (entry !== undefined && entry.run.status !== 'running') compactRun(entry, shared);
    }
    done.set(streamId, i);
  };

  return {
    opened(streamId) {
      const se = streamEntry(store, streamId);
      if (se === undefined) return;
      const count = new EventCount();
      // In place: the facade holds the entry.
      se.events = count;
      se.stream.rawEvents = count.raw;
      se.stream.expanded = count.expanded;
      se.stream.eventStarts = count.starts;
    },
    runsChanged(streamId) {
      const keys = streamEntry(store, streamId)?.stream.runKeys;
      if (keys === undefined) return;
      let s = seen.get(streamId);
      if (s === undefined) seen.set(streamId, (s = { runs: 0, started: 0 }));
      for (; s.runs < keys.length; s.runs++)
        if (runEntry(store, keys[s.runs] as string)?.run.implicit !== true) s.started = s.runs;
      // The newest run RUN_STARTED opened is the rules' run; everything before it is settled.
      compactBefore(streamId, s.started);
    },
    streamEnded(streamId) {
      compactBefore(streamId, Infinity);
      // The stream takes no more events: nothing to remember about it.
      seen.delete(streamId);
      done.delete(streamId);
    },
  };
}
