import { describe, expect, it } from 'vitest';
import { addFindings } from '../reduce/store.js';
import { scenario } from '../reduce/scenario.test-helper.js';
import { printModel } from './print-model.js';
import { inert } from './format.js';

describe('printModel', () => {
  it('shows implicit runs, errors, invalid and long arguments, stray results and findings', () => {
    const long = `{"text":"${'x'.repeat(300)}\\n"}`;
    const s = scenario()
      .open(
        's',
        { threadId: 't', runId: 'r1', messages: [], tools: [{ name: 'w', parameters: { type: 'nonsense' } }] },
        5_000,
      )
      .send('s', { type: 'TEXT_MESSAGE_START', messageId: 'm0' })
      .send('s', { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm0', delta: 'line1\nline2' })
      .send('s', { type: 'RUN_STARTED', threadId: 't', runId: 'r1' })
      .send('s', { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'w' })
      .send('s', { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: long })
      .send('s', { type: 'TOOL_CALL_END', toolCallId: 'c1' })
      .send('s', { type: 'TOOL_CALL_START', toolCallId: 'c2', toolCallName: 'w' })
      .send('s', { type: 'TOOL_CALL_ARGS', toolCallId: 'c2', delta: '{"a":}' })
      .send('s', { type: 'TOOL_CALL_END', toolCallId: 'c2' })
      .send('s', { type: 'TOOL_CALL_RESULT', toolCallId: 'old', messageId: 'tm', content: 'from before' })
      .send('s', { type: 'RUN_ERROR', message: 'model overloaded', code: 'E503' });
    addFindings(s.store, [
      {
        rule: 'run/first-event',
        severity: 'error',
        message: 'first event is TEXT_MESSAGE_START',
        streamId: 's',
        events: [0],
        t: 5_010,
      },
    ]);
    expect(printModel(s.model)).toMatchInlineSnapshot(`
      "session: 1 streams, 2 runs, 1 threads; findings: 1 errors, 0 warnings, 0 notices
      streams
        stream s POST http://agent.test/run sse status=200 "text/event-stream"
          request: thread="t" run="r1" tools=[w(schema)] messages=0
          bytes=0 chunks=0 line-ending=lf raw=11 expanded=11 open
          run s#0 (implicit) thread="t" run="r1" status=truncated input=request events #0..#1 +10ms..+30ms
            outcome: truncated
            text m0 role=assistant start #0 +10ms, open: line1\\nline2
          run s#1 thread="t" run="r1" status=errored input=request events #2..#10 +30ms..+110ms
            outcome: error: model overloaded
            error: "model overloaded" code="E503"
            tool-call c1 "w" [frontend advertised] status=closed
              open "w": start #3 +40ms, end #5 +60ms
              args: 313 chars in 1 deltas (1): {"text":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…[153 more chars]…xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\\n"}
              json: valid
              schema: schema-error: unknown type "nonsense"
            tool-call c2 "w" [frontend advertised] status=closed
              open "w": start #6 +70ms, end #8 +90ms
              args: 6 chars in 1 deltas (1): {"a":}
              json: invalid at 5: unexpected '}', expected a value
              schema: not-applicable
            unmatched result #9 for old msg="tm": "from before"
      threads
        t: s#0, s#1
      findings
        error run/first-event s #0 +10ms: first event is TEXT_MESSAGE_START"
    `);
  });

  it('keeps long text readable: head, a marker with the count, tail; control characters visible', () => {
    expect(inert('a'.repeat(10), 8)).toBe('aaaaaa…[2 more chars]…aa');
    expect(inert('a\tb\u0001')).toBe('a\\tb\\u0001');
  });
});
