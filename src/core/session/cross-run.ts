// A frontend call is answered across a run boundary: the next run's input carries a
// tool message keyed by toolCallId. When a run's input becomes known, the earlier runs
// on its thread get their calls' answers (those run objects are copied, not changed).
import { logAt } from '../model/log.js';
import type { RunModel, SessionModel, ToolAnswerModel, ToolCallModel } from '../model/types.js';
import { carryScan } from '../reduce/args-scan.js';
import { isRecord } from '../reduce/payload.js';
import { callLog, getRun, updateRun } from '../reduce/store.js';
import { threadOf } from './threads.js';

interface ToolMessage {
  readonly toolCallId: string;
  readonly answer: ToolAnswerModel;
}

function toolMessages(run: RunModel): ToolMessage[] {
  const out: ToolMessage[] = [];
  for (const m of run.input?.messages ?? []) {
    if (!isRecord(m) || m['role'] !== 'tool' || typeof m['toolCallId'] !== 'string') continue;
    const answer: ToolAnswerModel = {
      runKey: run.key,
      ...(typeof m['id'] === 'string' ? { messageId: m['id'] } : {}),
      content: m['content'],
      ...(typeof m['error'] === 'string' ? { error: m['error'] } : {}),
    };
    out.push({ toolCallId: m['toolCallId'], answer });
  }
  return out;
}

// Only a call still waiting changes status; a call that already has an in-stream result
// keeps 'result' (its tool message in later history is just the record of it).
const WAITING: ReadonlySet<ToolCallModel['status']> = new Set(['pending', 'closed']);

export function applyAnswers(model: SessionModel, run: RunModel): SessionModel {
  const messages = toolMessages(run);
  if (messages.length === 0) return model;
  const keys = threadOf(model, run.threadId)?.runKeys ?? [];
  const earlier = keys.slice(0, Math.max(0, keys.lastIndexOf(run.key)));
  // Which earlier run holds each call: one pass over the thread's calls. (Searching the
  // runs backwards per tool message made each run start cost history × runs, which on a
  // long conversation grew to seconds.)
  const holder = new Map<string, string>();
  for (const key of earlier) {
    const r = getRun(model, key);
    if (!r) continue;
    // Later runs overwrite: the most recent run that holds the call is the one answered.
    for (let i = 0; i < r.toolCalls.length; i++) {
      const call = logAt(r.toolCalls, i);
      if (call) holder.set(call.toolCallId, key);
    }
  }
  let m = model;
  for (const { toolCallId, answer } of messages) {
    const key = holder.get(toolCallId);
    if (key === undefined) continue;
    const prevRun = getRun(m, key);
    const slot = prevRun ? callLog.find(prevRun.toolCalls, toolCallId) : -1;
    if (!prevRun || slot < 0) continue;
    const call = logAt(prevRun.toolCalls, slot) as ToolCallModel;
    if (call.answer) continue;
    const next: ToolCallModel = { ...call, answer, status: WAITING.has(call.status) ? 'answered' : call.status };
    carryScan(call, next);
    m = updateRun(m, key, (r) => ({ ...r, toolCalls: callLog.set(r.toolCalls, slot, next) }));
  }
  return m;
}
