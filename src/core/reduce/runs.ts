// Run lifecycle: a stream carries runs in order; RUN_STARTED opens one, RUN_FINISHED /
// RUN_ERROR close it, and anything outside a run goes to an implicit run so nothing
// is lost. A run's input is the request body when it names this run, else the
// RUN_STARTED.input echo, else unknown.
import type { ExpandedEvent } from '../events/types.js';
import type { RunInputModel, RunModel, RunStatus } from '../model/types.js';
import { applyAnswers } from './cross-run.js';
import { addRunToThread } from './threads.js';
import { str } from './payload.js';
import { parseRunInput } from './run-input.js';
import { settleCalls } from './tool-calls.js';
import type { MRun, RunEntry, Store, StreamEntry } from './store.js';
import { activeEntry } from './lookup.js';
import { failureSummary } from '../failed-request.js';
import type { StreamModel } from '../model/types.js';

/** A failed run's error: the failure in a few words, its HTTP status as the code. */
export function failureError(stream: StreamModel): RunModel['error'] {
  const status = stream.info.status;
  return status > 0 ? { message: failureSummary(stream), code: String(status) } : { message: failureSummary(stream) };
}

/** The run's input: the request body when it names this run, else the RUN_STARTED.input echo. */
function resolveInput(
  request: RunInputModel | undefined,
  threadId: string,
  runId: string,
  echo: unknown,
): RunInputModel | undefined {
  if (request && request.threadId === threadId && request.runId === runId) return request;
  return parseRunInput(echo);
}

/**
 * A run record as one literal with every key, those the run gets later (or may never get)
 * undefined: rule 2 of docs/performance.md, "The core's performance rules".
 */
function newRun(
  v: number,
  key: string,
  streamId: string,
  ordinal: number,
  threadId: string,
  runId: string,
  input: RunInputModel | undefined,
  inputSource: RunModel['inputSource'],
  startedAt: number,
  firstEvent: number,
  implicit: boolean,
): MRun {
  return {
    version: v,
    key,
    streamId,
    ordinal,
    threadId,
    runId,
    input,
    inputSource,
    status: 'running',
    outcome: undefined,
    error: undefined,
    startedAt,
    endedAt: undefined,
    firstEvent,
    lastEvent: firstEvent,
    toolCalls: [],
    messages: [],
    activities: [],
    implicit: implicit ? true : undefined,
    unmatchedResults: undefined,
  };
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
  const input = resolveInput(request, threadId, runId, implicit ? undefined : e.payload['input']);
  const source = input === undefined ? 'none' : input === request ? 'request' : 'echo';
  const key = `${streamId}#${ordinal}`;
  const run = newRun(v, key, streamId, ordinal, threadId, runId, input, source, t, e.raw.index, implicit);
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

/**
 * A run request that got no AG-UI answer (encoding 'none') is a run all the same: the one
 * run of its stream, 'failed' from the start, named by its request body when that is a
 * RunAgentInput. It has no events; its stream's end dates it.
 */
export function openFailedRun(store: Store, se: StreamEntry, v: number): void {
  const stream = se.stream;
  const request = stream.requestInput;
  const streamId = stream.info.streamId;
  const key = `${streamId}#0`;
  const threadId = request?.threadId ?? '';
  const runId = request?.runId ?? '';
  const source = request === undefined ? 'none' : 'request';
  const run = newRun(v, key, streamId, 0, threadId, runId, request, source, stream.info.startedAt, 0, false);
  run.status = 'failed';
  run.error = failureError(stream);
  store.model.runs.push(run);
  store.runs.set(key, { run, calls: new Map(), messages: new Map() });
  stream.runKeys.push(key);
  addRunToThread(store, run);
}

/**
 * Ends the stream's active run, if any, with a non-running status; true when one ended.
 * What RUN_FINISHED / RUN_ERROR add comes as arguments, not as an options object: one
 * more short-lived shape per run end is one more map whose death deoptimizes this path.
 */
export function endActiveRun(
  store: Store,
  streamId: string,
  status: Exclude<RunStatus, 'running'>,
  t: number,
  v: number,
  lastEvent?: number,
  outcome?: { readonly value: unknown },
  error?: RunModel['error'],
): boolean {
  const entry = activeEntry(store, streamId);
  if (!entry) return false;
  const run = entry.run;
  settleCalls(run, status === 'finished' ? 'finished' : 'cut', v);
  run.status = status;
  run.endedAt = t;
  if (outcome !== undefined) run.outcome = outcome.value;
  if (error !== undefined) run.error = error;
  if (lastEvent !== undefined) run.lastEvent = lastEvent;
  run.version = v;
  return true;
}

export function finishRun(store: Store, e: ExpandedEvent, t: number, v: number): void {
  // An `outcome` key is kept even when its value is undefined or not a known outcome.
  const outcome = 'outcome' in e.payload ? { value: e.payload['outcome'] } : undefined;
  endActiveRun(store, e.raw.streamId, 'finished', t, v, e.raw.index, outcome);
}

export function errorRun(store: Store, e: ExpandedEvent, t: number, v: number): void {
  const message = str(e.payload, 'message') ?? '';
  const code = e.payload['code'];
  const codeText = typeof code === 'string' ? code : typeof code === 'number' ? String(code) : undefined;
  const error = codeText !== undefined ? { message, code: codeText } : { message };
  endActiveRun(store, e.raw.streamId, 'errored', t, v, e.raw.index, undefined, error);
}
