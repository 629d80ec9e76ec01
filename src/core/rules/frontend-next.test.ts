import { describe, expect, it } from 'vitest';
import type { RunModel } from '../model/types.js';
import { createRuleEngine } from './engine.js';
import { inputModel, modelLookups, only, runModel, toolCall, type InputSpec } from './rule-cases.test-helper.js';

const tools = [{ name: 'confirm' }];
const previous: RunModel = runModel({
  key: 's1#1',
  streamId: 's1',
  runId: 'r1',
  threadId: 't1',
  inputSource: 'request',
  input: inputModel({ tools }),
  toolCalls: [
    toolCall({
      toolCallId: 'f1',
      name: 'confirm',
      names: ['confirm'],
      frontend: true,
      advertised: true,
      segments: [{ startEvent: 3, startT: 3, name: 'confirm' }],
    }),
    toolCall({
      toolCallId: 'x1',
      name: 'delete_all',
      names: ['delete_all'],
      segments: [{ startEvent: 6, startT: 6, name: 'delete_all' }],
    }),
  ],
});
const assistant = {
  id: 'a1',
  role: 'assistant',
  toolCalls: [
    { id: 'f1', type: 'function', function: { name: 'confirm', arguments: '{}' } },
    { id: 'x1', type: 'function', function: { name: 'delete_all', arguments: '{}' } },
  ],
};
const user = { id: 'u1', role: 'user', content: 'hi' };
const answer = (toolCallId: string, extra: Record<string, unknown> = {}) => ({
  id: `ans-${toolCallId}`,
  role: 'tool',
  toolCallId,
  content: 'ok',
  ...extra,
});

function follow(messages: readonly unknown[], prev: RunModel = previous) {
  const spec: InputSpec = { tools, messages };
  const next = runModel({
    key: 's2#1',
    streamId: 's2',
    runId: 'r2',
    threadId: 't1',
    inputSource: 'request',
    input: inputModel(spec),
    startedAt: 5000,
  });
  const model = {
    version: 1,
    streams: [],
    runs: [prev, next],
    threads: [],
    findings: [],
    counts: { error: 0, warning: 0, notice: 0 },
  };
  return createRuleEngine().onRunFollowed(prev, next, {
    streamId: 's2',
    after: model,
    runAfter: next,
    ...modelLookups(model),
  });
}

describe('frontend tools across the run boundary', () => {
  const complete = [user, assistant, answer('f1'), answer('x1')];

  it('a complete, ordered answer raises only the unadvertised-executed warning', () => {
    expect(follow(complete).map((f) => f.rule)).toEqual(['frontend-tool/unadvertised-executed']);
  });

  it('unanswered-on-continue: the next request lacks the tool message', () => {
    const [f] = only(follow([user, assistant, answer('x1')]), 'frontend-tool/unanswered-on-continue');
    expect(f).toMatchObject({ streamId: 's1', runId: 'r1', threadId: 't1', events: [3], toolCallId: 'f1', t: 5000 });
    expect(f?.message).toContain("run 'r2'");
  });

  it('answer-out-of-order: before its assistant message, or after a newer user message', () => {
    expect(only(follow([user, answer('f1'), assistant]), 'frontend-tool/answer-out-of-order')[0]?.message).toContain(
      'comes before',
    );
    expect(
      only(follow([assistant, { ...user, id: 'u2' }, answer('f1')]), 'frontend-tool/answer-out-of-order')[0]?.message,
    ).toContain('newer user message (#1)');
    expect(only(follow([user, answer('f1')]), 'frontend-tool/answer-out-of-order')[0]?.message).toContain(
      'no assistant message',
    );
    expect(only(follow(complete), 'frontend-tool/answer-out-of-order')).toEqual([]);
  });

  it('answered-with-error: a failure is still an answer', () => {
    const found = follow([user, assistant, answer('f1', { error: 'user declined' })]);
    expect(only(found, 'frontend-tool/answered-with-error')[0]?.message).toContain('user declined');
    expect(only(found, 'frontend-tool/unanswered-on-continue')).toEqual([]);
    expect(only(follow(complete), 'frontend-tool/answered-with-error')).toEqual([]);
  });

  it('unadvertised-executed: only when the next request answers the unadvertised call', () => {
    expect(only(follow(complete), 'frontend-tool/unadvertised-executed')[0]?.message).toContain("'x1' (delete_all)");
    expect(only(follow([user, assistant, answer('f1')]), 'frontend-tool/unadvertised-executed')).toEqual([]);
  });

  it('judges nothing after a run that did not finish (errored)', () => {
    expect(follow([user], { ...previous, status: 'errored' })).toEqual([]);
  });
});
