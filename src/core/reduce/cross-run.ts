// A frontend call is answered across a run boundary: the next run's input carries a
// tool message keyed by toolCallId. When a run's input becomes known, the earlier runs
// on its thread get their calls' answers.
import type { RunModel, ToolAnswerModel, ToolCallModel } from '../model/types.js';
import { isRecord } from './payload.js';
import type { Store } from './store.js';
import { runEntry, threadEntry } from './lookup.js';

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

export function applyAnswers(store: Store, run: RunModel, v: number): void {
  const messages = toolMessages(run);
  if (messages.length === 0) return;
  const keys = threadEntry(store, run.threadId)?.runKeys ?? [];
  const earlier = keys.slice(0, Math.max(0, keys.lastIndexOf(run.key)));
  // Which earlier run holds each call: one pass over the thread's calls. (Searching the
  // runs backwards per tool message made each run start cost history × runs.)
  const holder = new Map<string, string>();
  for (const key of earlier) {
    // Later runs overwrite: the most recent run that holds the call is the one answered.
    for (const id of runEntry(store, key)?.calls.keys() ?? []) holder.set(id, key);
  }
  for (const { toolCallId, answer } of messages) {
    const key = holder.get(toolCallId);
    const entry = key === undefined ? undefined : runEntry(store, key);
    const call = entry?.calls.get(toolCallId)?.call;
    if (!entry || !call || call.answer) continue;
    call.answer = answer;
    if (WAITING.has(call.status)) call.status = 'answered';
    call.version = v;
    entry.run.version = v;
  }
}
