// Records keep the keys they were created with: a record that gains keys later (or is
// built with conditional spreads) takes maps of its own, which die with the session, and
// V8 then throws away the optimized code that read them at every full collection (see
// "Where the core stands" in docs/performance.md). Findings and JSON payloads are not records of ours.
import { describe, expect, it } from 'vitest';
import { createInspector } from './create-inspector.js';
import { createRuleEngine } from '../rules/engine.js';
import { sseBytes, sseStream } from './sse.test-helper.js';

const sse = (events: readonly Record<string, unknown>[]): Uint8Array => sseBytes(events, 'lf', 'json');

const keys = (o: object): string[] => Object.keys(o);

describe('model records', () => {
  it('keep the keys they were created with once they end, close or get results', () => {
    const inspector = createInspector();
    inspector.openStream(sseStream('s', { threadId: 't', runId: 'r1', messages: [], tools: [{ name: 'ask' }] }, 0));
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
    const stream = inspector.model.streams[0]!;
    const before = {
      stream: keys(stream),
      run: keys(run),
      call: keys(call),
      segment: keys(segment),
      message: keys(message),
    };

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
    expect(stream.end).toBeDefined();
    expect({
      stream: keys(stream),
      run: keys(run),
      call: keys(call),
      segment: keys(segment),
      message: keys(message),
    }).toEqual(before);
  });
});

describe('the rule engine and the event table', () => {
  // Their records are private; the test reads them through the objects the core hands out
  // (the engine the inspector was given, a stream's event list) as plain objects.
  type Loose = Record<string, unknown>;
  const open = (inspector: ReturnType<typeof createInspector>): void =>
    inspector.openStream(sseStream('s', { threadId: 't', runId: 'r1', state: { n: 0 }, messages: [], tools: [] }, 0));

  it('keep the keys they were created with through a run', () => {
    let engine: Loose | undefined;
    const inspector = createInspector({
      deps: {
        createRuleEngine: () => {
          const made = createRuleEngine();
          engine = made as unknown as Loose;
          return made;
        },
      },
    });
    open(inspector);
    const first = sse([{ type: 'RUN_STARTED', threadId: 't', runId: 'r1' }]);
    inspector.appendBytes('s', first, 0);
    const streams = engine!['streams'] as Map<string, Loose>;
    const stream = streams.get('s')!;
    const run = stream['run'] as Loose;
    const list = inspector.model.streams[0]!.rawEvents as unknown as Loose;
    const table = list['table'] as Loose;
    const shapes = (): Record<string, string[]> => ({
      engine: keys(engine!),
      stream: keys(stream),
      run: keys(run),
      list: keys(list),
      table: keys(table),
      ...(run['patches'] ? { patches: keys(run['patches'] as Loose) } : {}),
    });
    const before = shapes();
    // The run's first state event makes its patch state: compare it with itself after more.
    inspector.appendBytes('s', sse([{ type: 'STATE_SNAPSHOT', snapshot: { n: 1 } }]), first.length);
    const patches = keys(run['patches'] as Loose);

    const text = [
      'event: agui\nid: 7\ndata: {"type":"STEP_STARTED","stepName":"a"}\n\n',
      new TextDecoder().decode(
        sse([
          { type: 'STEP_FINISHED', stepName: 'a' },
          { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/n', value: 2 }] },
          { type: 'ACTIVITY_SNAPSHOT', messageId: 'a', activityType: 'plan', content: {} },
          { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'ask' },
          { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{}' },
          { type: 'TOOL_CALL_END', toolCallId: 'c' },
          { type: 'RUN_FINISHED', threadId: 't', runId: 'r1' },
        ]),
      ),
    ].join('');
    const rest = new TextEncoder().encode(text);
    inspector.appendBytes('s', rest, 1 + first.length);
    inspector.endStream('s', { reason: 'complete', t: 9 });

    // The events did arrive (with SSE fields, a thread lookup and input)...
    expect(inspector.model.streams[0]!.rawEvents.length).toBe(10);
    expect(inspector.model.streams[0]!.rawEvents.at(2)!.sseId).toBe('7');
    expect(run['threadCalls']).toBeDefined();
    expect(run['input']).toBeDefined();
    expect(stream['lastRaw']).toBeDefined();
    // ...and added no key to any of these records.
    expect({ ...shapes(), patches: keys(run['patches'] as Loose) }).toEqual({ ...before, patches });
  });
});
