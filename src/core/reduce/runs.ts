// Run lifecycle: a stream carries runs in order; RUN_STARTED opens one, RUN_FINISHED /
// RUN_ERROR close it, and anything outside a run goes to an implicit run so nothing
// is lost. A run's input is the request body when it names this run, else the
// RUN_STARTED.input echo, else unknown.
import type { ExpandedEvent } from '../events/types.js';
import type { RunInputModel, RunModel, RunStatus } from '../model/types.js';
import { applyAnswers } from '../session/cross-run.js';
import { addRunToThread } from '../session/threads.js';
import { str } from './payload.js';
import { parseRunInput } from './run-input.js';
import { settleCalls } from './tool-calls.js';
import { activeEntry, type MRun, type RunEntry, type Store, type StreamEntry } from './store.js';

function resolveInput(
  request: RunInputModel | undefined,
  threadId: string,
  runId: string,
  echo: unknown,
): Pick<RunModel, 'input' | 'inputSource'> {
  if (request && request.threadId === threadId && request.runId === runId)
    return { input: request, inputSource: 'request' };
  const fromEcho = parseRunInput(echo);
  if (fromEcho) return { input: fromEcho, inputSource: 'echo' };
  return { inputSource: 'none' };
}

export function openRun(
  store: Store,
  se: StreamEntry,
  e: ExpandedEvent,
  t: number,
  implicit: boolean,
  v: number,
): RunEntry {
  const stream = se.stream;
  const streamId = stream.info.streamId;
  const request = stream.requestInput;
  const threadId = implicit ? (request?.threadId ?? '') : (str(e.payload, 'threadId') ?? '');
  const runId = implicit ? (request?.runId ?? '') : (str(e.payload, 'runId') ?? '');
  const ordinal = stream.runKeys.length;
  const run: MRun = {
    version: v,
    key: `${streamId}#${ordinal}`,
    streamId,
    ordinal,
    threadId,
    runId,
    ...resolveInput(request, threadId, runId, implicit ? undefined : e.payload['input']),
    status: 'running',
    startedAt: t,
    firstEvent: e.raw.index,
    lastEvent: e.raw.index,
    toolCalls: [],
    messages: [],
    ...(implicit ? { implicit: true } : {}),
  };
  const entry: RunEntry = { run, calls: new Map(), messages: new Map() };
  store.model.runs.push(run);
  store.runs.set(run.key, entry);
  stream.runKeys.push(run.key);
  stream.version = v;
  se.last = entry;
  addRunToThread(store, run);
  if (run.input) applyAnswers(store, run, v);
  return entry;
}

/** Ends the stream's active run, if any, with a non-running status; true when one ended. */
export function endActiveRun(
  store: Store,
  streamId: string,
  status: Exclude<RunStatus, 'running'>,
  t: number,
  v: number,
  extra: Partial<Pick<RunModel, 'outcome' | 'error' | 'lastEvent'>> = {},
): boolean {
  const entry = activeEntry(store, streamId);
  if (!entry) return false;
  const run = entry.run;
  settleCalls(run, status === 'finished' ? 'finished' : 'cut', v);
  run.status = status;
  run.endedAt = t;
  if ('outcome' in extra) run.outcome = extra.outcome;
  if (extra.error !== undefined) run.error = extra.error;
  if (extra.lastEvent !== undefined) run.lastEvent = extra.lastEvent;
  run.version = v;
  return true;
}

export function finishRun(store: Store, e: ExpandedEvent, t: number, v: number): void {
  const outcome = 'outcome' in e.payload ? { outcome: e.payload['outcome'] } : {};
  endActiveRun(store, e.raw.streamId, 'finished', t, v, { ...outcome, lastEvent: e.raw.index });
}

export function errorRun(store: Store, e: ExpandedEvent, t: number, v: number): void {
  const message = str(e.payload, 'message') ?? '';
  const code = e.payload['code'];
  const codeText = typeof code === 'string' ? code : typeof code === 'number' ? String(code) : undefined;
  const error = { message, ...(codeText !== undefined ? { code: codeText } : {}) };
  endActiveRun(store, e.raw.streamId, 'errored', t, v, { error, lastEvent: e.raw.index });
}
