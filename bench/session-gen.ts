// A realistic 100k-event AG-UI session as one SSE body, written with the real EventEncoder:
// runs of streamed text, backend tool calls with many argument deltas and their results,
// a compact (chunked) call now and then, all on a few threads.
import { EventEncoder } from '@ag-ui/encoder';
import type { BaseEvent } from '@ag-ui/core';

const WORDS =
  'the quick agent streams tokens while tools return structured results for the user interface to render'.split(' ');

export interface GeneratedSession {
  readonly bytes: Uint8Array;
  readonly events: number;
  readonly runs: number;
}

/**
 * How many deltas each run streams: the default mixes them as a chat turn with one tool
 * call does; the others isolate one kind of event, so a stage's cost per kind shows
 * (`boundary`: one delta each, nearly every event opens or closes something).
 */
export interface SessionShape {
  readonly firstMessageDeltas: number;
  readonly replyDeltas: number;
  readonly argsPieces: number;
}

export const SESSION_SHAPES = {
  default: { firstMessageDeltas: 20, replyDeltas: 15, argsPieces: 30 },
  boundary: { firstMessageDeltas: 1, replyDeltas: 1, argsPieces: 1 },
  text: { firstMessageDeltas: 300, replyDeltas: 300, argsPieces: 1 },
  args: { firstMessageDeltas: 1, replyDeltas: 1, argsPieces: 150 },
} as const satisfies Record<string, SessionShape>;

export function generateSession(
  targetEvents = 100_000,
  shape: SessionShape = SESSION_SHAPES.default,
): GeneratedSession {
  const enc = new EventEncoder();
  const parts: string[] = [];
  let events = 0;
  let runs = 0;
  let t = 1_764_700_000_000;
  const emit = (e: Record<string, unknown>): void => {
    t += 7;
    parts.push(enc.encodeSSE({ timestamp: t, ...e } as unknown as BaseEvent));
    events++;
  };
  while (events < targetEvents) {
    const threadId = `thread-${runs % 7}`;
    const runId = `run-${runs}`;
    emit({ type: 'RUN_STARTED', threadId, runId });
    const msg = `msg-${runs}-a`;
    emit({ type: 'TEXT_MESSAGE_START', messageId: msg, role: 'assistant' });
    for (let i = 0; i < shape.firstMessageDeltas; i++)
      emit({ type: 'TEXT_MESSAGE_CONTENT', messageId: msg, delta: `${WORDS[(runs + i) % WORDS.length]!} ` });
    emit({ type: 'TEXT_MESSAGE_END', messageId: msg });
    const call = `call-${runs}`;
    emit({ type: 'TOOL_CALL_START', toolCallId: call, toolCallName: 'search_records', parentMessageId: msg });
    const args = JSON.stringify({
      query: WORDS.slice(0, 8).join(' '),
      filters: { year: 2025, tags: ['a', 'b', 'c'] },
      limit: 25,
      note: 'é"\n'.repeat(5),
    });
    const size = Math.ceil(args.length / shape.argsPieces);
    for (let i = 0; i < args.length; i += size)
      emit({ type: 'TOOL_CALL_ARGS', toolCallId: call, delta: args.slice(i, i + size) });
    emit({ type: 'TOOL_CALL_END', toolCallId: call });
    emit({
      type: 'TOOL_CALL_RESULT',
      messageId: `tool-${runs}`,
      toolCallId: call,
      role: 'tool',
      content: JSON.stringify({ rows: [1, 2, 3], total: 3 }),
    });
    if (runs % 5 === 0) {
      const chunked = `chunk-${runs}`;
      emit({
        type: 'TOOL_CALL_CHUNK',
        toolCallId: chunked,
        toolCallName: 'log_event',
        parentMessageId: msg,
        delta: '{"level":',
      });
      for (let i = 0; i < 5; i++)
        emit({ type: 'TOOL_CALL_CHUNK', toolCallId: chunked, delta: i === 4 ? '"info"}' : '' });
    }
    const reply = `msg-${runs}-b`;
    emit({ type: 'TEXT_MESSAGE_START', messageId: reply, role: 'assistant' });
    for (let i = 0; i < shape.replyDeltas; i++)
      emit({ type: 'TEXT_MESSAGE_CONTENT', messageId: reply, delta: `${WORDS[(runs * 3 + i) % WORDS.length]!} ` });
    emit({ type: 'TEXT_MESSAGE_END', messageId: reply });
    emit({ type: 'RUN_FINISHED', threadId, runId });
    runs++;
  }
  return { bytes: new TextEncoder().encode(parts.join('')), events, runs };
}
