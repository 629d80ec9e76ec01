// Threads group runs by threadId across streams, in request order (the start time of
// each run's stream, then its ordinal in the stream) so "the next run" is well defined
// even when streams are captured or imported out of order.
import type { RunModel, SessionModel, ThreadModel } from '../model/types.js';
import { getRun, getThread, runEntry, streamEntry, threadEntry } from './lookup.js';
import type { MThread, Store } from './store.js';

type Order = readonly [number, string, number];

function orderOf(store: Store, run: RunModel): Order {
  return [streamEntry(store, run.streamId)?.stream.info.startedAt ?? 0, run.streamId, run.ordinal];
}

function before(a: Order, b: Order): boolean {
  if (a[0] !== b[0]) return a[0] < b[0];
  // Same start time on another stream: keep arrival order.
  return a[1] === b[1] && a[2] < b[2];
}

export function addRunToThread(store: Store, run: RunModel): void {
  if (run.threadId === '') return;
  let thread = threadEntry(store, run.threadId);
  if (thread === undefined) {
    thread = { threadId: run.threadId, runKeys: [] } satisfies MThread;
    store.threads.set(run.threadId, thread);
    store.model.threads.push(thread);
  }
  const mine = orderOf(store, run);
  let pos = thread.runKeys.length;
  // Usually the new run goes last: walk back only past runs that started later.
  while (pos > 0) {
    const other = runEntry(store, thread.runKeys[pos - 1] as string)?.run;
    if (!other || !before(mine, orderOf(store, other))) break;
    pos--;
  }
  thread.runKeys.splice(pos, 0, run.key);
}

export function threadOf(model: SessionModel, threadId: string): ThreadModel | undefined {
  return getThread(model, threadId);
}

/** The run right before `run` on its thread, if any. */
export function previousRun(model: SessionModel, run: RunModel): RunModel | undefined {
  const keys = threadOf(model, run.threadId)?.runKeys ?? [];
  const i = keys.lastIndexOf(run.key); // from the end: runs asked about are mostly the newest
  return i > 0 ? getRun(model, keys[i - 1] as string) : undefined;
}

/** The run right after `run` on its thread, if any. */
export function nextRun(model: SessionModel, run: RunModel): RunModel | undefined {
  const keys = threadOf(model, run.threadId)?.runKeys ?? [];
  const i = keys.lastIndexOf(run.key); // from the end: runs asked about are mostly the newest
  return i >= 0 && i + 1 < keys.length ? getRun(model, keys[i + 1] as string) : undefined;
}
