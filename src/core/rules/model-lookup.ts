// Reads from the model the reducer built, through the store's lookups: a thread's earlier calls.
import type { RuleContext } from './engine-types.js';

/** Call ids of the thread's earlier runs already in the model (e.g. a session loaded from a file). */
export function seedThread(ctx: RuleContext, threadId: string, currentKey: string | undefined): Map<string, string> {
  const calls = new Map<string, string>();
  for (const key of ctx.thread(threadId)?.runKeys ?? []) {
    if (key === currentKey) continue;
    for (const call of ctx.run(key)?.toolCalls ?? []) if (!calls.has(call.toolCallId)) calls.set(call.toolCallId, key);
  }
  return calls;
}
