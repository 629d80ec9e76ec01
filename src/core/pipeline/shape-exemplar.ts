// One small inspector, fed a short session when the core loads and kept, unchanged, for the
// life of the process, so that the object shapes of a session outlive any one session.
//
// Why: rule 3 of docs/performance.md, "The core's performance rules" ("Where the core
// stands" there tells how it was found). The exemplar keeps one object of each class a
// session builds alive, a few kilobytes. It holds no session anyone sees, and nothing
// reads it: which inspector came first changes nothing in any other.
import type { Inspector } from '../inspector.js';

const STREAM = 'shape-exemplar';

/**
 * A short, deliberately imperfect session: every record kind, every event type in the
 * catalogue (shape-exemplar.test.ts holds it to that) and a few findings.
 */
export function exemplarEvents(): readonly Record<string, unknown>[] {
  const thread = 'exemplar-thread';
  let t = 1_700_000_000_000;
  const at = (e: Record<string, unknown>): Record<string, unknown> => ({ ...e, timestamp: (t += 5) });
  return [
    at({ type: 'RUN_STARTED', threadId: thread, runId: 'run-1' }),
    at({ type: 'STEP_STARTED', stepName: 'plan' }),
    at({ type: 'REASONING_START', messageId: 'th-1' }),
    at({ type: 'REASONING_MESSAGE_START', messageId: 'th-1', role: 'reasoning' }),
    at({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'th-1', delta: 'Search first.' }),
    at({ type: 'REASONING_MESSAGE_END', messageId: 'th-1' }),
    at({ type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'th-1', encryptedValue: 'e30=' }),
    at({ type: 'REASONING_END', messageId: 'th-1' }),
    at({ type: 'TEXT_MESSAGE_START', messageId: 'm-1', role: 'assistant' }),
    at({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-1', delta: 'Looking ' }),
    at({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-1', delta: 'that up.' }),
    at({ type: 'TEXT_MESSAGE_END', messageId: 'm-1' }),
    at({ type: 'TOOL_CALL_START', toolCallId: 'c-1', toolCallName: 'search', parentMessageId: 'm-1' }),
    at({ type: 'TOOL_CALL_ARGS', toolCallId: 'c-1', delta: '{"query":' }),
    at({ type: 'TOOL_CALL_ARGS', toolCallId: 'c-1', delta: '"x","limit":2}' }),
    at({ type: 'TOOL_CALL_END', toolCallId: 'c-1' }),
    at({ type: 'TOOL_CALL_RESULT', messageId: 'r-1', toolCallId: 'c-1', role: 'tool', content: '{"rows":[1]}' }),
    at({ type: 'TOOL_CALL_CHUNK', toolCallId: 'c-2', toolCallName: 'log', parentMessageId: 'm-1', delta: '{"a":' }),
    at({ type: 'TOOL_CALL_CHUNK', toolCallId: 'c-2', delta: '1}' }),
    at({ type: 'STATE_SNAPSHOT', snapshot: { count: 1 } }),
    at({ type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/count', value: 2 }] }),
    at({ type: 'ACTIVITY_SNAPSHOT', messageId: 'a-1', activityType: 'plan', content: { steps: ['search'] } }),
    at({
      type: 'ACTIVITY_DELTA',
      messageId: 'a-1',
      activityType: 'plan',
      patch: [{ op: 'add', path: '/done', value: true }],
    }),
    at({ type: 'SUBAGENT_STARTED', subagentRunId: 'sub-1', name: 'researcher', parentToolCallId: 'c-1' }),
    at({ type: 'TEXT_MESSAGE_CHUNK', messageId: 'm-s', role: 'assistant', delta: 'Found it.', subagentRunId: 'sub-1' }),
    at({ type: 'SUBAGENT_FINISHED', subagentRunId: 'sub-1', outcome: { type: 'success' } }),
    at({ type: 'SUBAGENT_STARTED', subagentRunId: 'sub-2', name: 'checker' }),
    at({ type: 'SUBAGENT_ERROR', subagentRunId: 'sub-2', message: 'gave up' }),
    at({ type: 'REASONING_MESSAGE_CHUNK', messageId: 'th-2', delta: 'Done thinking.' }),
    at({ type: 'THINKING_START', title: 'old style' }),
    at({ type: 'THINKING_TEXT_MESSAGE_START' }),
    at({ type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'hm' }),
    at({ type: 'THINKING_TEXT_MESSAGE_END' }),
    at({ type: 'THINKING_END' }),
    at({ type: 'RAW', event: { kind: 'vendor' }, source: 'exemplar' }),
    at({ type: 'CUSTOM', name: 'exemplar', value: { n: 1 } }),
    at({
      type: 'MESSAGES_SNAPSHOT',
      messages: [
        { id: 'm-1', role: 'assistant', content: 'Looking that up.', toolCalls: [] },
        { id: 'r-1', role: 'tool', toolCallId: 'c-1', content: '{"rows":[1]}' },
      ],
    }),
    at({ type: 'STEP_FINISHED', stepName: 'plan' }),
    at({ type: 'TEXT_MESSAGE_START', messageId: 'm-2', role: 'assistant' }),
    at({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm-2', delta: 'Done.' }),
    at({ type: 'TEXT_MESSAGE_END', messageId: 'm-2' }),
    at({ type: 'RUN_FINISHED', threadId: thread, runId: 'run-1' }),
    at({ type: 'RUN_STARTED', threadId: thread, runId: 'run-2' }),
    at({ type: 'TOOL_CALL_ARGS', toolCallId: 'c-9', delta: '{}' }),
    at({ type: 'TOOL_CALL_START', toolCallId: 'c-3', toolCallName: 'search' }),
    at({ type: 'TOOL_CALL_ARGS', toolCallId: 'c-3', delta: '{"query":"y"' }),
    at({ type: 'RUN_ERROR', message: 'stopped' }),
  ];
}

/**
 * A new inspector (made by `create`, the real inspector factory) fed the exemplar session
 * and ended. create-inspector.ts builds one as it loads and holds it in a constant.
 */
export function buildShapeExemplar(create: () => Inspector): Inspector {
  const inspector = create();
  const text = exemplarEvents()
    .map((e) => `data: ${JSON.stringify(e)}\n\n`)
    .join('');
  const bytes = new TextEncoder().encode(text);
  inspector.openStream({
    streamId: STREAM,
    transport: 'fetch',
    encoding: 'sse',
    url: 'http://exemplar.invalid/run',
    method: 'POST',
    requestHeaders: {},
    requestBody: JSON.stringify({ threadId: 'exemplar-thread', runId: 'run-1', messages: [], tools: [] }),
    status: 200,
    contentType: 'text/event-stream',
    startedAt: 0,
  });
  inspector.appendBytes(STREAM, bytes, 1);
  inspector.endStream(STREAM, { reason: 'complete', t: 2 });
  return inspector;
}
