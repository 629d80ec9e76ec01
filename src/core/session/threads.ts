// Threads group runs by threadId across streams, in request order (the start time of
// each run's stream, then its ordinal in the stream) so "the next run" is well defined
// even when streams are captured or imported out of order.
import type { RunModel, SessionModel, ThreadModel } from '../model/types.js';
import { getRun, getStream } from '../reduce/store.js';

function orderOf(model: SessionModel, run: RunModel): readonly [number, string, number] {
  return [getStream(model, run.streamId)?.info.startedAt ?? 0, run.streamId, run.ordinal];
}

function before(a: readonly [number, string, number], b: readonly [number, string, number]): boolean {
  if (a[0] !== b[0]) return a[0] < b[0];
  // Same start time on another stream: keep arrival order.
  return a[1] === b[1] && a[2] < b[2];
}

export function addRunToThread(model: SessionModel, run: RunModel): SessionModel {
  if (run.threadId === '') return model;
  const at = model.threads.findIndex((th) => th.threadId === run.threadId);
  const thread: ThreadModel = at < 0 ? { threadId: run.threadId, runKeys: [] } : (model.threads[at] as ThreadModel);
  const mine = orderOf(model, run);
  let pos = thread.runKeys.length;
  // Usually the new run goes last: walk back only past runs that started later.
  while (pos > 0) {
    const other = getRun(model, thread.runKeys[pos - 1] as string);
    if (!other || !before(mine, orderOf(model, other))) break;
    pos--;
  }
  const runKeys = [...thread.runKeys.slice(0, pos), run.key, ...thread.runKeys.slice(pos)];
  const threads = at < 0 ? [...model.threads, { ...thread, runKeys }] : model.threads.map((th, i) => (i === at ? { ...th, runKeys } : th));
  return { ...model, threads };
}

export function threadOf(model: SessionModel, threadId: string): ThreadModel | undefined {
  return model.threads.find((th) => th.threadId === threadId);
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
