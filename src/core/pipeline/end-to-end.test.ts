import { describe, expect, it } from 'vitest';
import { logToArray } from '../model/log.js';
import { printModel } from '../print/print-model.js';
import { createInspector } from './create-inspector.js';
import { pieces, sseBytes, sseStream } from './sse.test-helper.js';

const tools = [{ name: 'confirm', description: 'ask the user', parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }];

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
      { id: 'a1', role: 'assistant', content: 'Let me check.', toolCalls: [{ id: 'c2', type: 'function', function: { name: 'confirm', arguments: '{"q":"sure?"}' } }] },
      { id: 'tm2', role: 'tool', toolCallId: 'c2', content: 'no', error: 'user declined' },
    ];
    insp.openStream(sseStream('s2', { threadId: 't1', runId: 'r2', messages: history, tools }, 2_000));
    insp.appendBytes('s2', sseBytes(run2), 2_050);
    insp.endStream('s2', { reason: 'aborted', t: 2_100 });
    expect(logToArray(insp.model.findings).map((f) => f.rule)).toEqual([
      'tool-call/chunk-implicit-end',
      'tool-call/args-schema-mismatch',
      'tool-call/reopened',
      'tool-call/reopen-name-mismatch',
      'tool-call/args-schema-mismatch', // the reopened call's END: still the same bad arguments
      'frontend-tool/pending',
      'frontend-tool/pending-list-mismatch',
      'frontend-tool/unanswered-on-continue',
      'frontend-tool/answered-with-error',
      'run/truncated',
      'tool-call/open-at-stream-end',
    ]);
    expect(printModel(insp.model)).toMatchInlineSnapshot(`
      "session: 2 streams, 2 runs, 1 threads; findings: 2 errors, 5 warnings, 4 notices
      streams
        stream s1 POST http://agent.test/awp sse status=200 "text/event-stream"
          request: thread="t1" run="r1" tools=[confirm(schema)] messages=0
          bytes=1241 chunks=9 line-ending=lf raw=16 expanded=18 end=complete +200ms
          run s1#0 thread="t1" run="r1" status=finished input=request events #0..#15 +10ms..+90ms
            outcome: {"type":"success","pendingToolCallIds":["c2"]}
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
            tool-call c3 "confirm" [frontend advertised] status=unclosed
              open "confirm": start #1 +50ms, still open
              args: 10 chars in 1 deltas (1): {"q":"more
              json: incomplete
              schema: not-applicable
      threads
        t1: s1#0, s2#0
      findings
        notice tool-call/chunk-implicit-end s1 #6 +40ms run="r1" call=b1: Chunk expansion closed 'b1' here: TOOL_CALL_RESULT (#6) ended the chunked call.
        warning tool-call/args-schema-mismatch s1 #9 +60ms run="r1" call=c1: Arguments of frontend call 'c1' (confirm) fail the advertised parameters schema: /q: Instance type "number" is invalid. Expected "string"..
        notice tool-call/reopened s1 #10 +70ms run="r1" call=c1: TOOL_CALL_START reopens 'c1' (opened at event #7, closed at #9); further ARGS append to its 7 characters of arguments.
        error tool-call/reopen-name-mismatch s1 #10 +70ms run="r1" call=c1: Reopening START for 'c1' names tool "confirm_v2", but the call was opened as "confirm". Which name a consumer keeps is unspecified (the reference reducer keeps the last).
        warning tool-call/args-schema-mismatch s1 #11 +70ms run="r1" call=c1: Arguments of frontend call 'c1' (confirm) fail the advertised parameters schema: /q: Instance type "number" is invalid. Expected "string"..
        notice frontend-tool/pending s1 #15,#7,#12 +90ms run="r1" call=c1: 2 frontend call(s) now await the application: 'c1' (confirm), 'c2' (confirm). The next request on this thread must answer each.
        warning frontend-tool/pending-list-mismatch s1 #15 +90ms run="r1": outcome.pendingToolCallIds disagrees with the calls left unanswered (unanswered but not listed: 'c1'). The list names every unanswered call, backend calls included. The 1.0 client trusts a non-empty list.
        error frontend-tool/unanswered-on-continue s1 #7 +1050ms run="r1" call=c1: The next request on thread 't1' (run 'r2') has no tool message for pending frontend call 'c1' (confirm_v2).
        notice frontend-tool/answered-with-error s1 #12 +1050ms run="r1" call=c2 msg=tm2: The application answered 'c2' (confirm) with an error: "user declined".
        warning run/truncated s2 #2 +100ms run="r2": The body ended without RUN_FINISHED or RUN_ERROR for run 'r2' (the page aborted it: the producer may not be at fault); a consumer must not report it as a success.
        warning tool-call/open-at-stream-end s2 #1,#2 +100ms run="r2" call=c3: the page aborted the stream (the producer did not cut it off) with 1 tool call(s) open: 'c3'. Their arguments are incomplete; nothing may act on them."
    `);
  });
});
