import { describe, expect, it } from 'vitest';
import { ev, judge, only, testRuleCases, type Ev, type RuleCase } from './rule-cases.test-helper.js';

const S = ev.started();
const F = ev.finished();
const problem = (kind: string, extra: Record<string, unknown> = {}) => ({
  problems: [{ kind, message: `${kind} here`, ...extra }] as never,
  type: 'TOOL_CALL_ARGS',
});

const cases: readonly RuleCase[] = [
  {
    rule: 'run/first-event',
    fires: [ev.text('m1'), ev.textEnd('m1')],
    clean: [ev.error('nope')],
    says: ['TEXT_MESSAGE_START'],
  },
  {
    rule: 'run/started-while-active',
    fires: [S, ev.started('r2'), F],
    clean: [S, F, ev.started('r2'), ev.finished('r2')],
    says: ["'r2'", "'r1'"],
  },
  {
    rule: 'run/event-after-finished',
    fires: [S, F, ev.text('m1')],
    clean: [S, F, ev.error('late')],
    says: ['TEXT_MESSAGE_START'],
  },
  {
    rule: 'run/event-after-error',
    fires: [S, ev.error(), ev.text('m1')],
    clean: [S, ev.error(), ev.started('r2'), ev.finished('r2')],
    says: ['TEXT_MESSAGE_START'],
  },
  { rule: 'run/id-mismatch', fires: [S, ev.finished('r9')], clean: [S, F], says: ["'r9'", "'r1'"] },
  {
    rule: 'run/id-mismatch',
    fires: [S, ev.finished('r1', 't9')],
    clean: [S, F],
    spec: { input: { threadId: 't1', runId: 'r1' } },
    says: ["'t9'"],
  },
  { rule: 'run/truncated', fires: [S, ev.text('m1')], clean: [S, ev.error()], says: ["'r1'"] },
  { rule: 'run/truncated', fires: [], clean: [S, F], says: ['without any event'] },
  {
    rule: 'text-message/start-while-open',
    fires: [S, ev.text('m1'), ev.text('m1'), ev.textEnd('m1'), F],
    clean: [S, ev.text('m1'), ev.textEnd('m1'), ev.text('m1'), ev.textEnd('m1'), F],
    says: ["'m1'"],
  },
  {
    rule: 'text-message/not-open',
    fires: [S, ev.content('m1'), F],
    clean: [S, ev.text('m1'), ev.content('m1'), ev.textEnd('m1'), F],
    says: ['never opened'],
  },
  {
    rule: 'text-message/not-open',
    fires: [S, ev.text('m1'), ev.textEnd('m1'), ev.textEnd('m1'), F],
    clean: [S, ev.text('m1'), ev.textEnd('m1'), F],
    says: ['already closed'],
  },
  {
    rule: 'text-message/open-at-run-end',
    fires: [S, ev.text('m1'), F],
    clean: [S, ev.text('m1'), ev.textEnd('m1'), F],
    says: ["'m1'"],
  },
  {
    rule: 'sse/crlf-framing',
    fires: [S, F],
    clean: [S, F],
    spec: { lineEnding: 'crlf' },
    cleanSpec: { lineEnding: 'lf' },
    says: ['CRLF'],
  },
  {
    rule: 'sse/crlf-framing',
    fires: [S, F],
    clean: [S, F],
    spec: { lineEnding: 'mixed' },
    cleanSpec: { lineEnding: 'none' },
  },
  {
    rule: 'sse/invalid-json',
    fires: [S, problem('invalid-json', { text: '{' }), F],
    clean: [S, F],
    says: ['invalid-json here'],
  },
  {
    rule: 'event/malformed',
    fires: [S, problem('malformed', { field: 'delta' }), F],
    clean: [S, problem('null-field', { field: 'x' }), F],
    says: ['delta'],
  },
  { rule: 'event/unknown-type', fires: [S, problem('unknown-type'), F], clean: [S, F] },
  {
    rule: 'event/null-field',
    fires: [S, problem('null-field', { field: 'parentMessageId' }), F],
    clean: [S, F],
    says: ['parentMessageId'],
  },
  {
    rule: 'proto/truncated-frame',
    fires: [S, problem('truncated-frame')],
    clean: [S, problem('truncated-frame')],
    spec: { encoding: 'proto' },
    cleanSpec: { encoding: 'sse' },
  },
  {
    rule: 'proto/undecodable-frame',
    fires: [S, { problems: [{ kind: 'malformed', field: '(frame)', message: 'bad wire type' }] as never }],
    clean: [S, problem('malformed', { field: '(frame)' })],
    spec: { encoding: 'proto' },
    cleanSpec: { encoding: 'sse' },
    says: ['bad wire type'],
  },
  {
    rule: 'sse/unterminated-event',
    fires: [S, problem('truncated-frame')],
    clean: [S, problem('truncated-frame')],
    spec: { encoding: 'sse' },
    cleanSpec: { encoding: 'proto' },
  },
];

describe('runs and transport', () => {
  testRuleCases(cases);

  it('reports CRLF framing once per stream', () => {
    expect(only(judge([S, ev.text('m'), ev.textEnd('m'), F], { lineEnding: 'crlf' }), 'sse/crlf-framing')).toHaveLength(
      1,
    );
  });

  it('reports events after the end once per run, and judges the next run afresh', () => {
    const found = judge([S, F, ev.text('m1'), ev.textEnd('m1'), ev.started('r2'), ev.finished('r2'), ev.text('m2')]);
    expect(only(found, 'run/event-after-finished').map((f) => f.events[0])).toEqual([2, 6]);
  });

  it('run/truncated says when the page aborted, and stays quiet when only our capture stopped', () => {
    expect(only(judge([S], { end: { reason: 'aborted', t: 7 } }), 'run/truncated')[0]?.message).toContain(
      'the page aborted',
    );
    expect(judge([S, ev.start('c1')], { end: { reason: 'capture-truncated', t: 7 } })).toEqual([]);
  });

  it('an HTTP error body is not a truncated run', () => {
    expect(only(judge([], { status: 500 }), 'run/truncated')).toEqual([]);
  });

  it('unknown event types are dropped, not judged as run events', () => {
    const found = judge([
      { problems: [{ kind: 'unknown-type', message: 'META' }] as never, type: 'META', payload: { type: 'META' } },
      S,
      F,
    ]);
    expect(only(found, 'run/first-event')).toEqual([]);
    expect(only(found, 'event/unknown-type')).toHaveLength(1);
  });

  it('never throws on strange payloads and keeps judging what follows', () => {
    const strange: Ev[] = [
      { type: 'TOOL_CALL_START', toolCallId: 7 },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: 5 },
      { type: 'TOOL_CALL_RESULT', toolCallId: 'c', content: { parts: 3 } },
      { type: 'RUN_FINISHED', outcome: 'weird' },
      { type: 'MESSAGES_SNAPSHOT', messages: [null, 1, { role: 'tool' }] },
      { type: 'RUN_STARTED', input: { messages: 'no', tools: 5 } },
      { type: 'STEP_STARTED', stepName: null },
      { type: 'REASONING_ENCRYPTED_VALUE' },
      { type: 'TEXT_MESSAGE_START', messageId: {} },
    ];
    const found = judge([S, ...strange, ev.start('c9'), ev.finished(), { problems: null, type: 'X' } as never], {
      input: { tools: [{ name: 'x' }], messages: [null, { role: 'assistant', toolCalls: 'no' }] },
    });
    expect(only(found, 'tool-call/open-at-run-end')[0]?.message).toContain("'c9'");
  });
});

describe('text-message/not-open wording', () => {
  it('tells a message from history apart from one closed in this run', () => {
    const history = { messages: [{ id: 'h1', role: 'assistant', content: 'old' }] };
    const [fromHistory] = only(
      judge([ev.started(), ev.content('h1'), ev.finished()], { input: history }),
      'text-message/not-open',
    );
    expect(fromHistory?.message).toContain('known only from history');
    const [closed] = only(
      judge([ev.started(), ev.text('h1'), ev.textEnd('h1'), ev.content('h1'), ev.finished()], { input: history }),
      'text-message/not-open',
    );
    expect(closed?.message).toContain('already closed');
  });
});
