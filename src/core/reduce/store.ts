// Copy-on-write access to the session tree: only the objects on the touched path
// (root → stream/run → call/message) are copied; id → slot lookups go through
// keyed logs so an update costs the same at any session size.
import type { Finding } from '../findings.js';
import { createKeyedLog } from '../model/keyed-log.js';
import { emptyLog, logAppend, logAt } from '../model/log.js';
import type { MessageModel, RunModel, SessionModel, StreamModel, ToolCallModel } from '../model/types.js';
import { withSession } from './records.js';

export const streamLog = createKeyedLog<StreamModel>((s) => s.info.streamId);
export const runLog = createKeyedLog<RunModel>((r) => r.key);
export const callLog = createKeyedLog<ToolCallModel>((c) => c.toolCallId);
export const messageLog = createKeyedLog<MessageModel>((m) => messageKey(m.kind, m.messageId));

/**
 * Text and reasoning messages may share an id, so the key tells them apart; a text
 * message's key is its id as is (no new string per lookup: keyOf runs on every find),
 * reasoning keys and the rare text id starting with NUL get a NUL-led prefix, so no two
 * (kind, id) pairs share a key.
 */
export function messageKey(kind: MessageModel['kind'], messageId: string): string {
  if (kind === 'reasoning') return `\u0000r${messageId}`;
  return messageId.charCodeAt(0) === 0 ? `\u0000t${messageId}` : messageId;
}

export function emptySession(): SessionModel {
  return {
    version: 0,
    streams: emptyLog(),
    runs: emptyLog(),
    threads: [],
    findings: emptyLog(),
    counts: { error: 0, warning: 0, notice: 0 },
  };
}

export function getStream(model: SessionModel, streamId: string): StreamModel | undefined {
  return streamLog.get(model.streams, streamId);
}

export function getRun(model: SessionModel, key: string): RunModel | undefined {
  return runLog.get(model.runs, key);
}

/** `version`: the new model's version (default: unchanged; stream-ops pass +1 to save a bump() copy). */
export function updateStream(model: SessionModel, streamId: string, f: (s: StreamModel) => StreamModel, version = model.version): SessionModel {
  const slot = streamLog.find(model.streams, streamId);
  if (slot < 0) return model;
  const before = logAt(model.streams, slot) as StreamModel;
  const after = f(before);
  if (after === before) return model;
  return withSession(model, version, streamLog.set(model.streams, slot, after), model.runs);
}

export function updateRun(model: SessionModel, key: string, f: (r: RunModel) => RunModel, version = model.version): SessionModel {
  const slot = runLog.find(model.runs, key);
  if (slot < 0) return model;
  const before = logAt(model.runs, slot) as RunModel;
  const after = f(before);
  if (after === before) return model;
  return withSession(model, version, model.streams, runLog.set(model.runs, slot, after));
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

export function bump(model: SessionModel): SessionModel {
  return withSession(model, model.version + 1, model.streams, model.runs);
}

/** Findings are appended as the rule engine reports them; counts stay incremental. */
export function applyFindings(model: SessionModel, findings: readonly Finding[]): SessionModel {
  if (findings.length === 0) return model;
  let log = model.findings;
  let { error, warning, notice } = model.counts;
  for (const f of findings) {
    log = logAppend(log, f);
    if (f.severity === 'error') error++;
    else if (f.severity === 'warning') warning++;
    else notice++;
  }
  return { version: model.version + 1, streams: model.streams, runs: model.runs, threads: model.threads, findings: log, counts: { error, warning, notice } };
}
