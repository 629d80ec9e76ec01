// Run lifecycle: a stream carries runs in order; RUN_STARTED opens one, RUN_FINISHED /
// RUN_ERROR close it, and anything outside a run goes to an implicit run so nothing
// is lost. A run's input is the request body when it names this run, else the
// RUN_STARTED.input echo, else unknown.
import type { ExpandedEvent } from '../events/types.js';
import { emptyLog } from '../model/log.js';
import type { RunInputModel, RunModel, RunStatus, SessionModel } from '../model/types.js';
import { applyAnswers } from '../session/cross-run.js';
import { addRunToThread } from '../session/threads.js';
import { str } from './payload.js';
import { parseRunInput } from './run-input.js';
import { settleCalls } from './tool-calls.js';
import { activeRun, getStream, runLog, updateRun, updateStream } from './store.js';

function resolveInput(
  request: RunInputModel | undefined,
  threadId: string,
  runId: string,
  echo: unknown,
): Pick<RunModel, 'input' | 'inputSource'> {
  if (request && request.threadId === threadId && request.runId === runId) return { input: request, inputSource: 'request' };
  const fromEcho = parseRunInput(echo);
  if (fromEcho) return { input: fromEcho, inputSource: 'echo' };
  return { inputSource: 'none' };
}

export function openRun(model: SessionModel, e: ExpandedEvent, t: number, implicit: boolean): SessionModel {
  const streamId = e.raw.streamId;
  const stream = getStream(model, streamId);
  if (!stream) return model;
  const request = stream.requestInput;
  const threadId = implicit ? (request?.threadId ?? '') : (str(e.payload, 'threadId') ?? '');
  const runId = implicit ? (request?.runId ?? '') : (str(e.payload, 'runId') ?? '');
  const ordinal = stream.runKeys.length;
  const run: RunModel = {
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
    toolCalls: emptyLog(),
    messages: emptyLog(),
    ...(implicit ? { implicit: true } : {}),
  };
  let m: SessionModel = { ...model, runs: runLog.append(model.runs, run) };
  m = updateStream(m, streamId, (s) => ({ ...s, runKeys: [...s.runKeys, run.key] }));
  m = addRunToThread(m, run);
  return run.input ? applyAnswers(m, run) : m;
}

/** Ends the stream's active run, if any, with a non-running status. */
export function endActiveRun(
  model: SessionModel,
  streamId: string,
  status: Exclude<RunStatus, 'running'>,
  t: number,
  extra: Partial<Pick<RunModel, 'outcome' | 'error' | 'lastEvent'>> = {},
): SessionModel {
  const run = activeRun(model, streamId);
  if (!run) return model;
  return updateRun(model, run.key, (r) => ({
    ...settleCalls(r, status === 'finished' ? 'finished' : 'cut'),
    status,
    endedAt: t,
    ...extra,
  }));
}

export function finishRun(model: SessionModel, e: ExpandedEvent, t: number): SessionModel {
  const outcome = 'outcome' in e.payload ? { outcome: e.payload['outcome'] } : {};
  return endActiveRun(model, e.raw.streamId, 'finished', t, { ...outcome, lastEvent: e.raw.index });
}

export function errorRun(model: SessionModel, e: ExpandedEvent, t: number): SessionModel {
  const message = str(e.payload, 'message') ?? '';
  const code = e.payload['code'];
  const codeText = typeof code === 'string' ? code : typeof code === 'number' ? String(code) : undefined;
  const error = { message, ...(codeText !== undefined ? { code: codeText } : {}) };
  return endActiveRun(model, e.raw.streamId, 'errored', t, { error, lastEvent: e.raw.index });
}
