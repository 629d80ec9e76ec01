// Records keep the keys they were created with: a record that gains keys later (or is
// built with conditional spreads) takes maps of its own, which die with the session, and
// V8 then throws away the optimized code that read them at every full collection (see
// "Where the core stands" in docs/performance.md). Findings and JSON payloads are not records of ours.
import { describe, expect, it } from 'vitest';
import { createInspector } from './create-inspector.js';

const sse = (events: readonly Record<string, unknown>[]): Uint8Array =>
  new TextEncoder().encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));

const keys = (o: object): string[] => Object.keys(o);

describe('model records', () => {
  it('keep the keys they were created with once they end, close or get results', () => {
    const inspector = createInspector();
    inspector.openStream({
      streamId: 's',
      transport: 'fetch',
      encoding: 'sse',
      url: 'http://agent.test/run',
      method: 'POST',
      requestHeaders: {},
      requestBody: JSON.stringify({ threadId: 't', runId: 'r1', messages: [], tools: [{ name: 'ask' }] }),
      status: 200,
      contentType: 'text/event-stream',
      startedAt: 0,
    });
    const opening = sse([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
      { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'ask', parentMessageId: 'm' },
    ]);
    inspector.appendBytes('s', opening, 0);
    const run = inspector.model.runs[0]!;
    const call = run.toolCalls[0]!;
    const segment = call.segments[0]!;
    const message = run.messages[0]!;
    const before = { run: keys(run), call: keys(call), segment: keys(segment), message: keys(message) };

    const rest = sse([
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'hi' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c' },
      { type: 'TOOL_CALL_RESULT', messageId: 'x', toolCallId: 'c', content: 'ok' },
      { type: 'TOOL_CALL_RESULT', messageId: 'y', toolCallId: 'nobody', content: 'stray' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r1', outcome: 'success' },
    ]);
    inspector.appendBytes('s', rest, opening.length);
    inspector.endStream('s', { reason: 'complete', t: 1 });

    // The transitions did happen (so the check below looks at ended records)...
    expect(run.status).toBe('finished');
    expect(run.endedAt).toBeDefined();
    expect(run.unmatchedResults).toHaveLength(1);
    expect(segment.endEvent).toBeDefined();
    expect(message.endEvent).toBeDefined();
    expect(call.results).toHaveLength(1);
    // ...and none of them added a key.
    expect({ run: keys(run), call: keys(call), segment: keys(segment), message: keys(message) }).toEqual(before);
  });
});
