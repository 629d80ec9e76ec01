// Tool calls and answers that exist only in a MESSAGES_SNAPSHOT. Real adapters drop a
// call's TOOL_CALL_* events when text and the call share one message, and restate the
// call (and the backend's answer) only in the run's final snapshot: the application never
// saw that call arrive, and the answer it holds is still an answer.
import { atWith, type EventCheck } from './check-types.js';
import { arr, asRec, str } from './payload.js';
import { callFor } from './calls.js';

const clip = (s: string): string => (s.length > 80 ? `${s.slice(0, 80)}…` : s);

/**
 * MESSAGES_SNAPSHOT: remembers the tool messages it holds (answers, counted at RUN_FINISHED)
 * and reports assistant tool calls that were never streamed — not in this run, not in an
 * earlier run of the thread, not in the request's history.
 */
export function checkSnapshotCalls(c: EventCheck): void {
  const { run, input } = c;
  for (const m of arr(c.p, 'messages') ?? []) {
    const msg = asRec(m);
    const role = str(msg, 'role');
    if (role === 'tool') {
      const answered = str(msg, 'toolCallId');
      if (answered !== undefined) run.snapshotAnswers.add(answered);
      continue;
    }
    if (role !== 'assistant' || input === undefined) continue;
    for (const tc of arr(msg, 'toolCalls') ?? []) {
      const call = asRec(tc);
      const id = str(call, 'id');
      if (id === undefined || run.snapshotOnlyReported.has(id)) continue;
      if (callFor(c, id) !== undefined || input.calls.has(id) || c.threadCalls.has(id)) continue;
      run.snapshotOnlyReported.add(id);
      const name = str(asRec(call?.['function']), 'name') ?? '?';
      c.out.add(
        'tool-call/snapshot-only',
        `MESSAGES_SNAPSHOT message '${clip(str(msg, 'id') ?? '?')}' holds tool call '${clip(id)}' (${clip(name)}), which no TOOL_CALL_* event streamed: the application never saw it arrive (no onToolCallStart/End, no frontend tool handler ran).`,
        atWith(c.at, { toolCallId: id, messageId: str(msg, 'id') }),
      );
    }
  }
}
