// The one place the core finds a record by its id or key. Inside the store's owner (the
// reducer, the pipeline, the rules through RuleContext): the store's Maps, kept beside the
// model and never in it, O(1). For a reader that holds only a model (print, the CLI, the
// package's API): a scan from the end, where the records asked about usually are. Writing
// the Maps stays with the reducer (runs.ts, stream-ops.ts, evict.ts).
import type { RunModel, SessionModel, StreamModel, ThreadModel, ToolCallModel } from '../model/types.js';
import type { MThread, RunEntry, Store, StreamEntry } from './store.js';

export function streamEntry(store: Store, streamId: string): StreamEntry | undefined {
  return store.streams.get(streamId);
}

export function runEntry(store: Store, key: string): RunEntry | undefined {
  return store.runs.get(key);
}

export function threadEntry(store: Store, threadId: string): MThread | undefined {
  return store.threads.get(threadId);
}

/** The stream's running run in the store, if any (O(1)). */
export function activeEntry(store: Store, streamId: string): RunEntry | undefined {
  const last = store.streams.get(streamId)?.last;
  return last?.run.status === 'running' ? last : undefined;
}

/** What the rules may ask the store (RuleContext's lookups): the reducer's records, never copies. */
export interface StoreLookups {
  readonly stream: (streamId: string) => StreamModel | undefined;
  readonly run: (key: string) => RunModel | undefined;
  readonly call: (key: string, id: string) => ToolCallModel | undefined;
  readonly thread: (threadId: string) => ThreadModel | undefined;
}

interface HasStore {
  readonly store: Store;
}

// Module-level functions called on an object holding the store, not closures (rule 1 of
// docs/performance.md, "The core's performance rules").
export function storeStream(this: HasStore, streamId: string): StreamModel | undefined {
  return this.store.streams.get(streamId)?.stream;
}

export function storeRun(this: HasStore, key: string): RunModel | undefined {
  return this.store.runs.get(key)?.run;
}

export function storeCall(this: HasStore, key: string, id: string): ToolCallModel | undefined {
  return this.store.runs.get(key)?.calls.get(id)?.call;
}

export function storeThread(this: HasStore, threadId: string): ThreadModel | undefined {
  return this.store.threads.get(threadId);
}

export function storeLookups(store: Store): StoreLookups & HasStore {
  return { store, stream: storeStream, run: storeRun, call: storeCall, thread: storeThread };
}

export function getStream(model: SessionModel, streamId: string): StreamModel | undefined {
  for (let i = model.streams.length - 1; i >= 0; i--) {
    const s = model.streams[i] as StreamModel;
    if (s.info.streamId === streamId) return s;
  }
  return undefined;
}

export function getRun(model: SessionModel, key: string): RunModel | undefined {
  // Keys are `${streamId}#${ordinal}`: search from the end, where runs asked about usually are.
  for (let i = model.runs.length - 1; i >= 0; i--) {
    const r = model.runs[i] as RunModel;
    if (r.key === key) return r;
  }
  return undefined;
}

export function getThread(model: SessionModel, threadId: string): ThreadModel | undefined {
  for (let i = model.threads.length - 1; i >= 0; i--) {
    const t = model.threads[i] as ThreadModel;
    if (t.threadId === threadId) return t;
  }
  return undefined;
}

/** The last run the stream carried, whatever its status. */
export function lastRun(model: SessionModel, streamId: string): RunModel | undefined {
  const stream = getStream(model, streamId);
  const key = stream?.runKeys[stream.runKeys.length - 1];
  return key === undefined ? undefined : getRun(model, key);
}

/** The run events of this stream currently go to, if one is running. */
export function activeRun(model: SessionModel, streamId: string): RunModel | undefined {
  const run = lastRun(model, streamId);
  return run?.status === 'running' ? run : undefined;
}
