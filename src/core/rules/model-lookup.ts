// Reads from the model the reducer built: the stream's record and a thread's earlier calls.
import type { SessionModel, StreamModel } from '../model/types.js';

/** The stream's record; `slot` remembers where it was found so later looks are O(1). */
export function findStream(
  session: SessionModel | undefined,
  streamId: string,
  slot: { streamSlot?: number },
): StreamModel | undefined {
  const streams = session?.streams;
  if (!streams || typeof streams.length !== 'number') return undefined;
  if (slot.streamSlot !== undefined) {
    const hit = streams[slot.streamSlot];
    if (hit?.info.streamId === streamId) return hit;
  }
  for (let i = streams.length - 1; i >= 0; i--) {
    const stream = streams[i];
    if (stream?.info.streamId === streamId) {
      slot.streamSlot = i;
      return stream;
    }
  }
  return undefined;
}

/** Call ids of the thread's earlier runs already in the model (e.g. a session loaded from a file). */
export function seedThread(
  session: SessionModel | undefined,
  threadId: string,
  currentKey: string | undefined,
): Map<string, string> {
  const calls = new Map<string, string>();
  const thread = session?.threads?.find((t) => t.threadId === threadId);
  if (!session || !thread || thread.runKeys.length === 0) return calls;
  const keys = new Set(thread.runKeys.filter((k) => k !== currentKey));
  for (const run of session.runs) {
    if (!keys.has(run.key)) continue;
    for (const call of run.toolCalls) if (!calls.has(call.toolCallId)) calls.set(call.toolCallId, run.key);
  }
  return calls;
}
