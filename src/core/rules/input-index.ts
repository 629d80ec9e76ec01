// What the rules need from a RunAgentInput (request body or RUN_STARTED.input echo),
// indexed once per run: advertised tools, the calls already in history, the tool
// messages answering them, and every message id.
import type { RunInputModel } from '../model/types.js';
import { arr, asRec, str } from './payload.js';

export interface HistoryCall {
  readonly name?: string;
  /** The assistant message carrying the call, and its position in messages. */
  readonly messageId?: string;
  readonly messageIndex: number;
  readonly owner?: string;
}

export interface HistoryAnswer {
  readonly messageId?: string;
  readonly index: number;
  readonly error?: string;
}

export interface InputIndex {
  readonly tools: ReadonlyMap<string, unknown>;
  readonly calls: ReadonlyMap<string, HistoryCall>;
  readonly answers: ReadonlyMap<string, readonly HistoryAnswer[]>;
  /** message id → role */
  readonly messageIds: ReadonlyMap<string, string>;
  /** Positions of user messages, ascending. */
  readonly userIndexes: readonly number[];
  readonly messages: readonly unknown[];
}

export function indexInput(input: RunInputModel): InputIndex {
  const tools = new Map<string, unknown>();
  for (const tool of Array.isArray(input.tools) ? input.tools : []) {
    const t = asRec(tool);
    const name = str(t, 'name');
    if (name !== undefined) tools.set(name, t?.['parameters']);
  }
  const calls = new Map<string, HistoryCall>();
  const answers = new Map<string, HistoryAnswer[]>();
  const messageIds = new Map<string, string>();
  const userIndexes: number[] = [];
  const messages = Array.isArray(input.messages) ? input.messages : [];
  messages.forEach((m, index) => {
    const msg = asRec(m);
    const role = str(msg, 'role') ?? '';
    const id = str(msg, 'id');
    if (id !== undefined) messageIds.set(id, role);
    if (role === 'user') userIndexes.push(index);
    if (role === 'assistant') {
      for (const c of arr(msg, 'toolCalls') ?? []) {
        const call = asRec(c);
        const callId = str(call, 'id');
        if (callId === undefined) continue;
        calls.set(callId, {
          name: str(asRec(call?.['function']), 'name'),
          messageId: id,
          messageIndex: index,
          owner: str(msg, 'subagentRunId'),
        });
      }
    }
    if (role === 'tool') {
      const callId = str(msg, 'toolCallId');
      if (callId === undefined) return;
      const list = answers.get(callId) ?? [];
      list.push({ messageId: id, index, error: str(msg, 'error') });
      answers.set(callId, list);
    }
  });
  return { tools, calls, answers, messageIds, userIndexes, messages };
}
