// A realistic AG-UI event sequence for the harness benchmark (text streaming, tool calls
// with many argument deltas and results), generated in the page: JSON only.
const WORDS =
  'the quick agent streams tokens while tools return structured results for the user interface to render'.split(' ');

export function* sessionEvents(startRun = 0): Generator<Record<string, unknown>> {
  for (let run = startRun; ; run++) {
    const threadId = `thread-${run % 7}`;
    const runId = `run-${run}`;
    yield { type: 'RUN_STARTED', threadId, runId };
    const msg = `msg-${run}`;
    yield { type: 'TEXT_MESSAGE_START', messageId: msg, role: 'assistant' };
    for (let i = 0; i < 20; i++)
      yield { type: 'TEXT_MESSAGE_CONTENT', messageId: msg, delta: `${WORDS[(run + i) % WORDS.length] ?? ''} ` };
    yield { type: 'TEXT_MESSAGE_END', messageId: msg };
    for (let c = 0; c < 2; c++) {
      const call = `call-${run}-${c}`;
      yield {
        type: 'TOOL_CALL_START',
        toolCallId: call,
        toolCallName: c ? 'get_weather' : 'search_records',
        parentMessageId: msg,
      };
      const args = JSON.stringify({
        query: WORDS.slice(0, 8).join(' '),
        filters: { year: 2025, tags: ['a', 'b'] },
        limit: 25,
      });
      for (let i = 0; i < args.length; i += 6)
        yield { type: 'TOOL_CALL_ARGS', toolCallId: call, delta: args.slice(i, i + 6) };
      yield { type: 'TOOL_CALL_END', toolCallId: call };
      yield {
        type: 'TOOL_CALL_RESULT',
        messageId: `tool-${run}-${c}`,
        toolCallId: call,
        role: 'tool',
        content: '{"rows":[1,2,3]}',
      };
    }
    yield { type: 'RUN_FINISHED', threadId, runId };
  }
}

/** The first `n` events as one SSE body. */
export function sessionSse(n: number): string {
  const parts: string[] = [];
  let i = 0;
  for (const e of sessionEvents()) {
    if (i++ >= n) break;
    parts.push(`data: ${JSON.stringify(e)}\n\n`);
  }
  return parts.join('');
}
