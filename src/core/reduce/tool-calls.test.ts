import { describe, expect, it } from 'vitest';
import type { RunModel, SessionModel } from '../model/types.js';
import { callAt, runAt, scenario } from './scenario.test-helper.js';

const input = (runId: string, extra: Record<string, unknown> = {}) => ({
  threadId: 't1',
  runId,
  messages: [],
  tools: [],
  ...extra,
});

const run = (s: { model: SessionModel }, key: string): RunModel => runAt(s.model, key);
const call = callAt;

describe('tool calls', () => {
  it('accumulates args by concatenation with delta offsets and closes at END', () => {
    const s = scenario()
      .open('s', input('r1'))
      .send('s', { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' })
      .send('s', { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search', parentMessageId: 'm1' })
      .send('s', { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":' })
      .send('s', { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '"x"}' });
    expect(call(run(s, 's#0')).json).toEqual({ state: 'incomplete' });
    expect(call(run(s, 's#0')).status).toBe('streaming');
    s.send('s', { type: 'TOOL_CALL_END', toolCallId: 'c1' });
    const c = call(run(s, 's#0'));
    expect(c.args).toBe('{"q":"x"}');
    expect(c.deltas.map((d) => [d.event, d.offset, d.length, d.segment])).toEqual([
      [2, 0, 5, 0],
      [3, 5, 4, 0],
    ]);
    expect(c.status).toBe('closed');
    expect(c.json).toEqual({ state: 'valid' });
    expect(c.segments).toEqual([
      { startEvent: 1, startT: 1020, name: 'search', parentMessageId: 'm1', endEvent: 4, endT: 1050 },
    ]);
    expect(c.frontend).toBe(false);
  });

  it('a reopen adds a segment; names collect, name is last-wins, parent and owner first-wins', () => {
    const s = scenario()
      .open('s', input('r1'))
      .send('s', { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' })
      .send('s', {
        type: 'TOOL_CALL_START',
        toolCallId: 'c1',
        toolCallName: 'a',
        parentMessageId: 'm1',
        subagentRunId: 'sa',
      })
      .send('s', { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' })
      .send('s', { type: 'TOOL_CALL_END', toolCallId: 'c1' })
      .send('s', { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'b', parentMessageId: 'm2' })
      .send('s', { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' })
      .send('s', { type: 'TOOL_CALL_END', toolCallId: 'c1' });
    const r = run(s, 's#0');
    expect(r.toolCalls.length).toBe(1);
    const c = call(r);
    expect(c.name).toBe('b');
    expect(c.names).toEqual(['a', 'b']);
    expect(c.parentMessageId).toBe('m1');
    expect(c.owner).toBe('sa');
    expect(c.segments.map((g) => [g.name, g.parentMessageId, g.owner, g.startEvent, g.endEvent])).toEqual([
      ['a', 'm1', 'sa', 1, 3],
      ['b', 'm2', undefined, 4, 6],
    ]);
    expect(c.deltas.map((d) => d.segment)).toEqual([0, 1]);
    expect(c.args).toBe('{}{}');
    expect(c.json).toEqual({ state: 'concatenated', count: 2 });
  });

  it('a START for an open call and ARGS for a closed or unknown call leave the model alone', () => {
    const s = scenario()
      .open('s', input('r1'))
      .send('s', { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' })
      .send('s', { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'a' })
      .send('s', { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'z' })
      .send('s', { type: 'TOOL_CALL_END', toolCallId: 'c1' })
      .send('s', { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: 'late' })
      .send('s', { type: 'TOOL_CALL_ARGS', toolCallId: 'nope', delta: 'x' });
    const r = run(s, 's#0');
    expect(r.toolCalls.length).toBe(1);
    expect(call(r).names).toEqual(['a']);
    expect(call(r).segments.length).toBe(1);
    expect(call(r).args).toBe('');
    expect(call(r).json).toEqual({ state: 'empty' });
    expect(r.lastEvent).toBe(5);
  });

  it('a chunked call records fromChunks and the implicit end with the event that closed it', () => {
    const s = scenario()
      .open('s', input('r1'))
      .send('s', { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' })
      .send('s', { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'a' }, { synthesized: 'chunk-start' })
      .send(
        's',
        { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"k"' },
        { synthesized: 'chunk-args', sameRaw: true },
      )
      .send('s', { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: ':1}' }, { synthesized: 'chunk-args' })
      // raw #3 (a TEXT_MESSAGE_START) closes the chunked call before it applies
      .send('s', { type: 'TOOL_CALL_END', toolCallId: 'c1' }, { synthesized: 'implicit-end', closedBy: 3 })
      .send('s', { type: 'TEXT_MESSAGE_START', messageId: 'm1' }, { sameRaw: true });
    const c = call(run(s, 's#0'));
    expect(c.fromChunks).toBe(true);
    expect(c.segments[0]?.implicitEnd).toEqual({ closedBy: 3 });
    expect(c.segments[0]?.endEvent).toBe(3);
    expect(c.deltas.map((d) => d.event)).toEqual([1, 2]);
    expect(c.json).toEqual({ state: 'valid' });
  });

  it('a result while the call is open is marked beforeEnd; the call ends with status result', () => {
    const s = scenario()
      .open('s', input('r1'))
      .send('s', { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' })
      .send('s', { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'a' })
      .send('s', { type: 'TOOL_CALL_RESULT', toolCallId: 'c1', messageId: 'tm1', content: 'done' });
    expect(call(run(s, 's#0')).status).toBe('streaming');
    s.send('s', { type: 'TOOL_CALL_END', toolCallId: 'c1' })
      .send('s', {
        type: 'TOOL_CALL_RESULT',
        toolCallId: 'c1',
        messageId: 'tm2',
        content: [{ type: 'text', text: 'again' }],
      })
      .send('s', { type: 'TOOL_CALL_RESULT', toolCallId: 'other', messageId: 'tm3', content: 'stray' });
    const r = run(s, 's#0');
    expect(call(r).status).toBe('result');
    expect(call(r).results.map((x) => [x.messageId, x.beforeEnd, x.event])).toEqual([
      ['tm1', true, 2],
      ['tm2', false, 4],
    ]);
    expect(r.unmatchedResults?.map((x) => [x.toolCallId, x.messageId, x.content])).toEqual([['other', 'tm3', 'stray']]);
  });

  it('validates a frontend call against the advertised schema at END', () => {
    const tools = [
      {
        name: 'ask',
        description: '',
        parameters: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
      },
      { name: 'broken', description: '', parameters: { $ref: '#/missing' } },
    ];
    const s = scenario()
      .open('s', input('r1', { tools }))
      .send('s', { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' })
      .send('s', { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'ask' })
      .send('s', { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"n":"x"}' })
      .send('s', { type: 'TOOL_CALL_END', toolCallId: 'c1' })
      .send('s', { type: 'TOOL_CALL_START', toolCallId: 'c2', toolCallName: 'broken' })
      .send('s', { type: 'TOOL_CALL_ARGS', toolCallId: 'c2', delta: '{}' })
      .send('s', { type: 'TOOL_CALL_END', toolCallId: 'c2' })
      .send('s', { type: 'TOOL_CALL_START', toolCallId: 'c3', toolCallName: 'ask' })
      .send('s', { type: 'TOOL_CALL_ARGS', toolCallId: 'c3', delta: '{"n":' })
      .send('s', { type: 'TOOL_CALL_END', toolCallId: 'c3' });
    const r = run(s, 's#0');
    expect(call(r, 0).frontend).toBe(true);
    expect(call(r, 0).schema.state).toBe('invalid');
    const errs = call(r, 0).schema;
    expect(errs.state === 'invalid' && errs.errors.map((e) => e.path)).toContain('/n');
    expect(call(r, 1).schema.state).toBe('schema-error');
    expect(call(r, 2).json).toEqual({ state: 'invalid', position: 5, message: 'unexpected end of text' });
    expect(call(r, 2).schema).toEqual({ state: 'not-applicable' });
  });
});
