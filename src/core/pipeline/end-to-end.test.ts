import { describe, expect, it } from 'vitest';
import { printModel } from '../print/print-model.js';
import { createInspector } from './create-inspector.js';
import { pieces, sseBytes, sseStream } from './sse.test-helper.js';

const tools = [
  {
    name: 'confirm',
    description: 'ask the user',
    parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  },
];

const run1 = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Let me check.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
  { type: 'TOOL_CALL_CHUNK', toolCallId: 'b1', toolCallName: 'search', parentMessageId: 'a1', delta: '{"q":' },
  { type: 'TOOL_CALL_CHUNK', delta: '"x"}' },
  { type: 'TOOL_CALL_RESULT', messageId: 'tr1', toolCallId: 'b1', content: 'found' },
  { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'confirm', parentMessageId: 'a1' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":1}' },
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'confirm_v2', parentMessageId: 'a1' },
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  { type: 'TOOL_CALL_START', toolCallId: 'c2', toolCallName: 'confirm', parentMessageId: 'a1' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c2', delta: '{"q":"sure?"}' },
  { type: 'TOOL_CALL_END', toolCallId: 'c2' },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', outcome: { type: 'success', pendingToolCallIds: ['c2'] } },
];
const run2 = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r2' },
  { type: 'TOOL_CALL_START', toolCallId: 'c3', toolCallName: 'confirm' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c3', delta: '{"q":"more' },
];

describe('end to end: real encoder bytes, decoder, expander and rules', () => {
  it('builds the model and findings for a two-run frontend round trip', () => {
    const insp = createInspector();
    insp.openStream(sseStream('s1', { threadId: 't1', runId: 'r1', messages: [], tools }, 1_000));
    pieces(sseBytes(run1), 9).forEach((p, i) => insp.appendBytes('s1', p, 1_010 + i * 10));
    insp.endStream('s1', { reason: 'complete', t: 1_200 });
    const history = [
      {
        id: 'a1',
        role: 'assistant',
        content: 'Let me check.',
        toolCalls: [{ id: 'c2', type: 'function', function: { name: 'confirm', arguments: '{"q":"sure?"}' } }],
      },
      { id: 'tm2', role: 'tool', toolCallId: 'c2', content: 'no', error: 'user declined' },
    ];
    insp.openStream(sseStream('s2', { threadId: 't1', runId: 'r2', messages: history, tools }, 2_000));
    insp.appendBytes('s2', sseBytes(run2), 2_050);
    insp.endStream('s2', { reason: 'aborted', t: 2_100 });
    // Rule wording belongs to the rules; here only which rule fired where.
    expect(
      insp.model.findings.map((f) => `${f.rule} ${f.streamId} ${f.events.join(',')} ${f.toolCallId ?? '-'}`),
    ).toEqual([
      'tool-call/chunk-implicit-end s1 6 b1',
      // c1's first END (#9) was judged too, but the reopen at #10 withdrew that verdict: only the final text's counts.
      'tool-call/reopened s1 10 c1',
      'tool-call/reopen-name-mismatch s1 10 c1',
      'tool-call/args-schema-mismatch s1 11 c1', // the reopened call's END: still the same bad arguments
      'frontend-tool/pending s1 15,7,12 c1',
      'frontend-tool/pending-list-mismatch s1 15 -',
      'frontend-tool/unanswered-on-continue s1 7 c1',
      'frontend-tool/answered-with-error s1 12 c2',
      'run/truncated s2 2 -',
      'tool-call/open-at-stream-end s2 1,2 c3',
    ]);
    const modelOnly = { ...insp.model, findings: [], counts: { error: 0, warning: 0, notice: 0 } };
    expect(printModel(modelOnly)).toMatchInlineSnapshot(`
      "session: 2 streams, 2 runs, 1 threads; findings: 0 errors, 0 warnings, 0 notices
      streams
        stream s1 POST http://agent.test/awp sse status=200 "text/event-stream"
          request: thread="t1" run="r1" tools=[confirm(schema)] messages=0
          bytes=1241 chunks=9 line-ending=lf raw=16 expanded=18 end=complete +200ms
          run s1#0 thread="t1" run="r1" status=finished input=request events #0..#15 +10ms..+90ms
            outcome: success (recorded {"type":"success","pendingToolCallIds":["c2"]})
            tool-call b1 "search" [backend unadvertised from-chunks] status=result
              parent: "a1"
              open "search" parent="a1": start #4 +30ms, implicit end #6 (closed by #6) +40ms
              args: 9 chars in 2 deltas (2): {"q":"x"}
              json: valid
              schema: not-applicable
              result #6 +40ms msg="tr1": "found"
            tool-call c1 "confirm_v2" [frontend unadvertised] status=pending
              names: "confirm", "confirm_v2"
              parent: "a1"
              open "confirm" parent="a1": start #7 +50ms, end #9 +60ms
              reopen #1 "confirm_v2" parent="a1": start #10 +70ms, end #11 +70ms
              args: 7 chars in 1 deltas (1+0): {"q":1}
              json: valid
              schema: invalid
                /q: Instance type "number" is invalid. Expected "string".
            tool-call c2 "confirm" [frontend advertised] status=answered
              parent: "a1"
              open "confirm" parent="a1": start #12 +80ms, end #14 +90ms
              args: 13 chars in 1 deltas (1): {"q":"sure?"}
              json: valid
              schema: valid
              answer by s2#0 msg="tm2" error="user declined": "no"
            text a1 role=assistant start #1 +10ms, closed #3 +20ms: Let me check.
        stream s2 POST http://agent.test/awp sse status=200 "text/event-stream"
          request: thread="t1" run="r2" tools=[confirm(schema)] messages=2
          bytes=211 chunks=1 line-ending=lf raw=3 expanded=3 end=aborted +100ms
          run s2#0 thread="t1" run="r2" status=aborted input=request events #0..#2 +50ms..+100ms
            outcome: aborted
            tool-call c3 "confirm" [frontend advertised] status=unclosed
              open "confirm": start #1 +50ms, still open
              args: 10 chars in 1 deltas (1): {"q":"more
              json: incomplete
              schema: not-applicable
      threads
        t1: s1#0, s2#0"
    `);
  });
});
