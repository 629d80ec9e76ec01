// A request whose history holds an assistant tool call no tool message answers: model
// providers reject it, so it is a finding on the run that sent it.
import { describe, expect, it } from 'vitest';
import { ev, judge, only, type InputSpec } from './rule-cases.test-helper.js';
import { createInspector } from '../pipeline/create-inspector.js';
import { sseBytes, sseStream } from '../pipeline/sse.test-helper.js';

const user = { id: 'u1', role: 'user', content: 'hi' };
const assistant = (...ids: string[]) => ({
  id: 'a1',
  role: 'assistant',
  toolCalls: ids.map((id) => ({ id, type: 'function', function: { name: 'lookup', arguments: '{}' } })),
});
const tool = (toolCallId: string) => ({ id: `t-${toolCallId}`, role: 'tool', toolCallId, content: 'ok' });
const run = [ev.started(), ev.finished()];
const findingsFor = (messages: readonly unknown[]) => {
  const input: InputSpec = { messages };
  return only(judge(run, { input }), 'tool-call/history-unanswered');
};

describe('tool-call/history-unanswered', () => {
  it('names each call of the history that no tool message answers, once for the run', () => {
    const found = findingsFor([user, assistant('c1', 'c2', 'c3'), tool('c2')]);
    expect(found).toHaveLength(1);
    expect(found[0]?.toolCallId).toBe('c1');
    expect(found[0]?.events).toEqual([0]);
    expect(found[0]?.message).toContain(
      "2 tool calls that no tool message answers: 'c1' (lookup, in assistant message 'a1', #1), 'c3'",
    );
    expect(found[0]?.message).toContain('Model providers reject');
  });

  it('a history where every call is answered (an error answer too) is no finding', () => {
    expect(findingsFor([user, assistant('c1'), { ...tool('c1'), error: 'declined' }])).toEqual([]);
    expect(findingsFor([user])).toEqual([]);
  });

  it('a resumed run (resume entries) may carry its interrupted call unanswered', () => {
    const judged = (extra: Record<string, unknown>) => {
      const inspector = createInspector();
      const body = { threadId: 't1', runId: 'r1', messages: [user, assistant('c1')], ...extra };
      inspector.openStream(sseStream('s1', body, 1_000));
      inspector.appendBytes('s1', sseBytes(run), 1_010);
      inspector.endStream('s1', { reason: 'complete', t: 1_020 });
      return inspector.model.findings.filter((f) => f.rule === 'tool-call/history-unanswered');
    };
    expect(judged({ resume: [{ interruptId: 'i1', status: 'resolved' }] })).toEqual([]);
    expect(judged({}).map((f) => f.toolCallId)).toEqual(['c1']);
  });

  it('leaves a call an earlier captured run made to the cross-run rules', () => {
    const inspector = createInspector();
    const tools = [{ name: 'lookup' }];
    inspector.openStream(sseStream('s1', { threadId: 't1', runId: 'r1', messages: [user], tools }, 1_000));
    const first = [
      { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'lookup' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
    ];
    inspector.appendBytes('s1', sseBytes(first), 1_010);
    inspector.endStream('s1', { reason: 'complete', t: 1_020 });
    const history = [user, assistant('c1', 'c9'), { id: 'u2', role: 'user', content: 'and?' }];
    inspector.openStream(sseStream('s2', { threadId: 't1', runId: 'r2', messages: history, tools }, 2_000));
    inspector.appendBytes('s2', sseBytes([ev.started('r2'), ev.finished('r2')]), 2_010);
    inspector.endStream('s2', { reason: 'complete', t: 2_020 });
    const rules = inspector.model.findings.map((f) => `${f.rule} ${f.streamId} ${f.toolCallId ?? '-'}`);
    expect(rules).toContain('frontend-tool/unanswered-on-continue s1 c1');
    const dangling = inspector.model.findings.filter((f) => f.rule === 'tool-call/history-unanswered');
    expect(dangling.map((f) => [f.streamId, f.runId, f.toolCallId])).toEqual([['s2', 'r2', 'c9']]);
    expect(dangling[0]?.message).not.toContain("'c1'");
  });
});
