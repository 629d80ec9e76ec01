import { describe, expect, it } from 'vitest';
import { callAt, runAt, scenario } from './scenario.test-helper.js';
import { getStream } from './lookup.js';

const tools = [{ name: 'confirm', description: 'ask the user', parameters: { type: 'object' } }];

const run = runAt;
const call = callAt;

function frontendRound() {
  return scenario()
    .open('s1', { threadId: 't1', runId: 'r1', messages: [], tools })
    .send('s1', { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' })
    .send('s1', { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'confirm', parentMessageId: 'a1' })
    .send('s1', { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' })
    .send('s1', { type: 'TOOL_CALL_END', toolCallId: 'c1' })
    .send('s1', { type: 'TOOL_CALL_START', toolCallId: 'c2', toolCallName: 'confirm', parentMessageId: 'a1' })
    .send('s1', { type: 'TOOL_CALL_END', toolCallId: 'c2' })
    .send('s1', { type: 'TOOL_CALL_START', toolCallId: 'b1', toolCallName: 'backend_search' })
    .send('s1', { type: 'TOOL_CALL_END', toolCallId: 'b1' })
    .send('s1', {
      type: 'RUN_FINISHED',
      threadId: 't1',
      runId: 'r1',
      outcome: { type: 'success', pendingToolCallIds: ['c1', 'c2'] },
    })
    .end('s1');
}

describe('runs and threads', () => {
  it('frontend calls are pending at RUN_FINISHED, backend ones stay closed; the outcome is kept as sent', () => {
    const r = run(frontendRound().model, 's1#0');
    expect(r.status).toBe('finished');
    expect(r.inputSource).toBe('request');
    expect(r.outcome).toEqual({ type: 'success', pendingToolCallIds: ['c1', 'c2'] });
    expect([call(r, 0).status, call(r, 1).status, call(r, 2).status]).toEqual(['pending', 'pending', 'closed']);
    expect(call(r, 2).frontend).toBe(false);
  });

  it('the next run input answers pending calls (an error answer too) and updates the earlier run', () => {
    const s = frontendRound();
    s.open('s2', {
      threadId: 't1',
      runId: 'r2',
      tools,
      messages: [
        { id: 'a1', role: 'assistant', toolCalls: [] },
        { id: 'tm1', role: 'tool', toolCallId: 'c1', content: 'yes' },
        { id: 'tm2', role: 'tool', toolCallId: 'c2', content: '', error: 'user declined' },
      ],
    });
    const after = run(s.model, 's1#0');
    expect(call(after, 0).answer).toBeUndefined(); // no run yet: the input belongs to a run
    s.send('s2', { type: 'RUN_STARTED', threadId: 't1', runId: 'r2' });
    const answered = run(s.model, 's1#0');
    expect(call(answered, 0).status).toBe('answered');
    expect(call(answered, 0).answer).toEqual({ runKey: 's2#0', messageId: 'tm1', content: 'yes' });
    expect(call(answered, 1).answer).toEqual({ runKey: 's2#0', messageId: 'tm2', content: '', error: 'user declined' });
    expect(call(answered, 2).status).toBe('closed');
    expect(s.model.threads).toEqual([{ threadId: 't1', runKeys: ['s1#0', 's2#0'] }]);
  });

  it('a later history repeating the tool message does not move the answer', () => {
    const history = [{ id: 'tm1', role: 'tool', toolCallId: 'c1', content: 'yes' }];
    const s = frontendRound()
      .open('s2', { threadId: 't1', runId: 'r2', tools, messages: history })
      .send('s2', { type: 'RUN_STARTED', threadId: 't1', runId: 'r2' })
      .open('s3', { threadId: 't1', runId: 'r3', tools, messages: history })
      .send('s3', { type: 'RUN_STARTED', threadId: 't1', runId: 'r3' });
    expect(call(run(s.model, 's1#0')).answer?.runKey).toBe('s2#0');
  });

  it('a call id used in two earlier runs: the most recent run holding it gets the answer', () => {
    const callIn = (sc: ReturnType<typeof scenario>, stream: string, runId: string, messages: unknown[]) =>
      sc
        .open(stream, { threadId: 't1', runId, tools, messages })
        .send(stream, { type: 'RUN_STARTED', threadId: 't1', runId })
        .send(stream, { type: 'TOOL_CALL_START', toolCallId: 'dup', toolCallName: 'confirm' })
        .send(stream, { type: 'TOOL_CALL_END', toolCallId: 'dup' })
        .send(stream, { type: 'RUN_FINISHED', threadId: 't1', runId })
        .end(stream);
    let s = callIn(scenario(), 'a', 'r1', []);
    s = callIn(s, 'b', 'r2', []);
    s.open('c', {
      threadId: 't1',
      runId: 'r3',
      tools,
      messages: [{ id: 'tm', role: 'tool', toolCallId: 'dup', content: 'ok' }],
    }).send('c', { type: 'RUN_STARTED', threadId: 't1', runId: 'r3' });
    expect(call(run(s.model, 'a#0')).answer).toBeUndefined();
    expect(call(run(s.model, 'b#0')).answer?.runKey).toBe('c#0');
    expect(call(run(s.model, 'b#0')).status).toBe('answered');
  });

  it('orders thread runs by stream start time even when captured out of order', () => {
    const s = scenario()
      .open('late', { threadId: 't', runId: 'r2', messages: [] }, 5_000)
      .send('late', { type: 'RUN_STARTED', threadId: 't', runId: 'r2' })
      .open('early', { threadId: 't', runId: 'r1', messages: [] }, 2_000)
      .send('early', { type: 'RUN_STARTED', threadId: 't', runId: 'r1' });
    expect(s.model.threads[0]?.runKeys).toEqual(['early#0', 'late#0']);
  });

  it('a stream may carry several runs; input comes from the request, then the echo, else none', () => {
    const s = scenario()
      .open('s', { threadId: 't', runId: 'r1', messages: [] })
      .send('s', { type: 'RUN_STARTED', threadId: 't', runId: 'r1' })
      .send('s', { type: 'RUN_FINISHED', threadId: 't', runId: 'r1' })
      .send('s', {
        type: 'RUN_STARTED',
        threadId: 't',
        runId: 'r0',
        input: { threadId: 't', runId: 'r0', messages: [], tools: [{ name: 'x' }] },
      })
      .send('s', { type: 'RUN_ERROR', message: 'boom', code: 'E1' })
      .send('s', { type: 'RUN_STARTED', threadId: 't', runId: 'r9' })
      .end('s');
    expect(getStream(s.model, 's')?.runKeys).toEqual(['s#0', 's#1', 's#2']);
    const [a, b, c] = ['s#0', 's#1', 's#2'].map((k) => run(s.model, k));
    expect([a?.inputSource, b?.inputSource, c?.inputSource]).toEqual(['request', 'echo', 'none']);
    expect(b?.input?.tools.map((t) => t.name)).toEqual(['x']);
    expect([a?.status, b?.status, c?.status]).toEqual(['finished', 'errored', 'truncated']);
    expect(b?.error).toEqual({ message: 'boom', code: 'E1' });
    expect(a?.outcome).toBeUndefined();
    expect([a?.firstEvent, a?.lastEvent, b?.firstEvent, b?.lastEvent]).toEqual([0, 1, 2, 3]);
  });

  it('events before RUN_STARTED go to an implicit run that the RUN_STARTED cuts off', () => {
    const s = scenario()
      .open('s', { threadId: 't', runId: 'r1', messages: [] })
      .send('s', { type: 'TEXT_MESSAGE_START', messageId: 'm0' })
      .send('s', { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm0', delta: 'early' })
      .send('s', { type: 'RUN_STARTED', threadId: 't', runId: 'r1' })
      .send('s', { type: 'RUN_FINISHED', threadId: 't', runId: 'r1' });
    const implicit = run(s.model, 's#0');
    expect(implicit.implicit).toBe(true);
    expect([implicit.threadId, implicit.runId, implicit.status, implicit.firstEvent, implicit.lastEvent]).toEqual([
      't',
      'r1',
      'truncated',
      0,
      1,
    ]);
    expect(implicit.messages[0]?.text).toBe('early');
    expect(run(s.model, 's#1').status).toBe('finished');
  });

  it('a body ending without a terminal truncates the run; a page abort aborts it; open calls become unclosed', () => {
    const body = (runId: string) => ({ threadId: 't', runId, messages: [], tools });
    const s = scenario()
      .open('cut', body('r1'))
      .send('cut', { type: 'RUN_STARTED', threadId: 't', runId: 'r1' })
      .send('cut', { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'confirm' })
      .send('cut', { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"a"' })
      .end('cut', 'complete')
      .open('ab', body('r2'))
      .send('ab', { type: 'RUN_STARTED', threadId: 't', runId: 'r2' })
      .send('ab', { type: 'TOOL_CALL_START', toolCallId: 'c9', toolCallName: 'confirm' })
      .send('ab', { type: 'TOOL_CALL_END', toolCallId: 'c9' })
      .end('ab', 'aborted');
    const cut = run(s.model, 'cut#0');
    expect(cut.status).toBe('truncated');
    expect(cut.endedAt).toBe(1_040);
    expect(call(cut).status).toBe('unclosed');
    expect(call(cut).json).toEqual({ state: 'incomplete' });
    const ab = run(s.model, 'ab#0');
    expect(ab.status).toBe('aborted');
    // a closed frontend call in a cut-off run was never handed to the application
    expect(call(ab).status).toBe('closed');
  });

  it('text and reasoning messages accumulate; a reopen appends and keeps the role', () => {
    const s = scenario()
      .open('s', { threadId: 't', runId: 'r', messages: [] })
      .send('s', { type: 'RUN_STARTED', threadId: 't', runId: 'r' })
      .send('s', { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' })
      .send('s', { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hel' })
      .send('s', { type: 'TEXT_MESSAGE_END', messageId: 'm' })
      .send('s', { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'user' })
      .send('s', { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'lo' })
      .send('s', { type: 'REASONING_MESSAGE_START', messageId: 'm', role: 'reasoning' })
      .send('s', { type: 'REASONING_MESSAGE_CONTENT', messageId: 'm', delta: 'hmm' });
    const r = run(s.model, 's#0');
    expect(r.messages.length).toBe(2);
    expect(r.messages[0]).toMatchObject({ kind: 'text', role: 'assistant', text: 'Hello', open: true, endEvent: 3 });
    expect(r.messages[1]).toMatchObject({ kind: 'reasoning', text: 'hmm', open: true });
  });
});
