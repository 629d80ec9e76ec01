// Reads from the model the reducer built: the stream's record and a run's call record.
import type { RunModel, SessionModel, StreamModel, ToolCallModel } from '../model/types.js';
import { logAt } from '../model/log.js';

/** The call's record in a run, searched from the newest (calls just touched are last). */
export function findCall(run: RunModel | undefined, id: string): ToolCallModel | undefined {
  const calls = run?.toolCalls;
  if (!calls || typeof calls.length !== 'number') return undefined;
  for (let i = calls.length - 1; i >= 0; i--) {
    const call = logAt(calls, i);
    if (call?.toolCallId === id) return call;
  }
  return undefined;
}

/** The stream's record; `slot` remembers where it was found so later looks are O(1). */
export function findStream(session: SessionModel | undefined, streamId: string, slot: { streamSlot?: number }): StreamModel | undefined {
  const streams = session?.streams;
  if (!streams || typeof streams.length !== 'number') return undefined;
  if (slot.streamSlot !== undefined) {
    const hit = logAt(streams, slot.streamSlot);
    if (hit?.info.streamId === streamId) return hit;
  }
  for (let i = streams.length - 1; i >= 0; i--) {
    const stream = logAt(streams, i);
    if (stream?.info.streamId === streamId) {
      slot.streamSlot = i;
      return stream;
    }
  }
  return undefined;
}
