import { describe, expect, it } from 'vitest';
import { call, ev, judge, only, testRuleCases, type RuleCase } from './rule-cases.test-helper.js';

const S = ev.started();
const F = ev.finished();

const cases: readonly RuleCase[] = [
  {
    rule: 'tool-call/start-while-open',
    fires: [S, ev.start('c1'), ev.start('c1'), ev.end('c1'), F],
    clean: [S, ...call('c1'), ev.start('c1'), ev.end('c1'), F],
    says: ["'c1'"],
  },
  {
    rule: 'tool-call/args-not-open',
    fires: [S, ev.args('c9'), F],
    clean: [S, ...call('c9'), F],
    says: ["'c9'", 'never opened'],
  },
  {
    rule: 'tool-call/args-not-open',
    fires: [S, ...call('c1'), ev.args('c1', 'x'), F],
    clean: [S, ev.start('c1'), ev.args('c1', '{'), ev.args('c1', '}'), ev.end('c1'), F],
    says: ['already closed'],
  },
  {
    rule: 'tool-call/end-not-open',
    fires: [S, ...call('c1'), ev.end('c1'), F],
    clean: [S, ...call('c1'), F],
    says: ["'c1'", 'already closed'],
  },
  {
    rule: 'tool-call/open-at-run-end',
    fires: [S, ev.start('a'), ev.start('b'), ev.end('a'), F],
    clean: [S, ev.start('a'), ev.start('b'), ev.end('a'), ev.end('b'), F],
    says: ["'b'"],
  },
  {
    rule: 'tool-call/open-at-stream-end',
    fires: [S, ev.start('a'), ev.args('a', '{"q":')],
    clean: [S, ...call('a')],
    says: ["'a'", 'without a terminal event'],
  },
  {
    rule: 'tool-call/open-at-stream-end',
    fires: [S, ev.start('a')],
    clean: [S, ...call('a')],
    spec: { end: { reason: 'aborted', t: 5 } },
    cleanSpec: { end: { reason: 'aborted', t: 5 } },
    says: ['the page aborted'],
  },
  // START tag vs the owner of its parent message
  {
    rule: 'tool-call/owner-mismatch',
    fires: [
      S,
      ev.text('m1', { subagentRunId: 's1' }),
      ev.textEnd('m1'),
      ev.start('c1', 'search', { parentMessageId: 'm1', subagentRunId: 's2' }),
      ev.end('c1'),
      F,
    ],
    clean: [
      S,
      ev.text('m1', { subagentRunId: 's1' }),
      ev.textEnd('m1'),
      ev.start('c1', 'search', { parentMessageId: 'm1', subagentRunId: 's1' }),
      ev.end('c1'),
      F,
    ],
    says: ["'s2'", "'m1'", "subagent 's1'"],
  },
  // ARGS/END tag vs the call's owner (the parent agent here)
  {
    rule: 'tool-call/owner-mismatch',
    fires: [S, ev.start('c1'), ev.args('c1', '{}', { subagentRunId: 's1' }), ev.end('c1'), F],
    clean: [
      S,
      ev.start('c1', 'search', { subagentRunId: 's1' }),
      ev.args('c1', '{}', { subagentRunId: 's1' }),
      ev.end('c1'),
      F,
    ],
    says: ['the parent agent'],
  },
  // parent owner from a MESSAGES_SNAPSHOT
  {
    rule: 'tool-call/owner-mismatch',
    fires: [
      S,
      { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'm1', role: 'assistant', subagentRunId: 's1' }] },
      ev.start('c1', 'x', { parentMessageId: 'm1', subagentRunId: 's2' }),
      ev.end('c1'),
      F,
    ],
    clean: [
      S,
      { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'm1', role: 'assistant', subagentRunId: 's1' }] },
      ev.start('c1', 'x', { parentMessageId: 'm1' }),
      ev.end('c1'),
      F,
    ],
  },
];

describe('tool calls: streaming discipline', () => {
  testRuleCases(cases);

  it('points at the raw event and names the call, thread and run', () => {
    const [f] = only(judge([S, ev.start('c1'), ev.start('c1')]), 'tool-call/start-while-open');
    expect(f).toMatchObject({
      severity: 'error',
      events: [2],
      toolCallId: 'c1',
      runId: 'r1',
      threadId: 't1',
      streamId: 's1',
      t: 1002,
    });
  });

  it('lists every call left open at RUN_FINISHED with their START events', () => {
    const [f] = only(judge([S, ev.start('a'), ev.start('b'), F]), 'tool-call/open-at-run-end');
    expect(f?.message).toContain("'a', 'b'");
    expect(f?.events).toEqual([3, 1, 2]);
  });

  it('notes when the parent owner is known only from the request body', () => {
    const input = { messages: [{ id: 'm1', role: 'assistant', subagentRunId: 's1' }] };
    const [f] = only(
      judge([S, ev.start('c1', 'x', { parentMessageId: 'm1', subagentRunId: 's2' }), ev.end('c1'), F], { input }),
      'tool-call/owner-mismatch',
    );
    expect(f?.message).toContain('request body');
  });

  it('keeps judging after a fatal finding', () => {
    const found = judge([S, ev.args('zz'), ev.start('c1'), F]);
    expect(only(found, 'tool-call/args-not-open')).toHaveLength(1);
    expect(only(found, 'tool-call/open-at-run-end')[0]?.message).toContain("'c1'");
  });
});
