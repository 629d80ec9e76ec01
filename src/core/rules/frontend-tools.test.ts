import { describe, expect, it } from 'vitest';
import { call, ev, judge, only, testRuleCases, type RuleCase } from './rule-cases.test-helper.js';

const S = ev.started();
const F = ev.finished();
const input = { tools: [{ name: 'confirm' }, { name: 'pick_date' }] };
const spec = { input };
const snapshotWith = (toolCallId: string) => ({
  type: 'MESSAGES_SNAPSHOT',
  messages: [
    { id: 'a1', role: 'assistant' },
    { id: 'tm', role: 'tool', toolCallId, content: 'yes' },
  ],
});
const outcome = (o: unknown) => ev.finished('r1', 't1', { outcome: o });

const cases: readonly RuleCase[] = [
  {
    rule: 'frontend-tool/answered-by-producer',
    fires: [S, ...call('f1', 'confirm'), ev.result('f1', 'r'), F],
    clean: [S, ...call('b1', 'search'), ev.result('b1', 'r'), F],
    spec,
    says: ["'f1'", 'confirm'],
  },
  {
    rule: 'frontend-tool/fabricated-message',
    fires: [S, ...call('f1', 'confirm'), snapshotWith('f1'), F],
    clean: [S, ...call('b1', 'search'), snapshotWith('b1'), F],
    spec,
    says: ["'tm'", "'f1'"],
  },
  // a frontend call the previous run left pending, answered by the producer's snapshot
  {
    rule: 'frontend-tool/fabricated-message',
    fires: [S, snapshotWith('old'), F],
    clean: [S, snapshotWith('done'), F],
    spec: {
      input: {
        tools: input.tools,
        messages: [
          {
            id: 'a0',
            role: 'assistant',
            toolCalls: [
              { id: 'old', type: 'function', function: { name: 'confirm', arguments: '{}' } },
              { id: 'done', type: 'function', function: { name: 'confirm', arguments: '{}' } },
            ],
          },
          { id: 'tm0', role: 'tool', toolCallId: 'done', content: 'ok' },
        ],
      },
    },
    says: ["'old'", 'from the history'],
  },
  {
    rule: 'frontend-tool/not-success',
    fires: [
      S,
      ...call('f1', 'confirm'),
      outcome({ type: 'interrupt', interrupts: [{ id: 'i1', reason: 'confirmation' }] }),
    ],
    clean: [
      S,
      ...call('b1', 'search'),
      ev.result('b1', 'r'),
      outcome({ type: 'interrupt', interrupts: [{ id: 'i1', reason: 'confirmation' }] }),
    ],
    spec,
    says: ["'f1'"],
  },
  {
    rule: 'frontend-tool/pending',
    fires: [S, ...call('f1', 'confirm'), ...call('f2', 'pick_date'), F],
    clean: [S, ...call('b1', 'search'), ev.result('b1', 'r'), F],
    spec,
    says: ["'f1' (confirm)", "'f2' (pick_date)"],
  },
  {
    rule: 'frontend-tool/pending-list-mismatch',
    fires: [S, ...call('f1', 'confirm'), outcome({ type: 'success', pendingToolCallIds: [] })],
    clean: [S, ...call('f1', 'confirm'), outcome({ type: 'success', pendingToolCallIds: ['f1'] })],
    spec,
    says: ["'f1'", 'derive its own'],
  },
  // the list names every unanswered call, backend ones included (@ag-ui/client 1.0)
  {
    rule: 'frontend-tool/pending-list-mismatch',
    fires: [
      S,
      ...call('f1', 'confirm'),
      ...call('b1', 'search'),
      outcome({ type: 'success', pendingToolCallIds: ['f1'] }),
    ],
    clean: [
      S,
      ...call('f1', 'confirm'),
      ...call('b1', 'search'),
      outcome({ type: 'success', pendingToolCallIds: ['f1', 'b1'] }),
    ],
    spec,
    says: ["unanswered but not listed: 'b1'", 'backend calls included'],
  },
  {
    rule: 'frontend-tool/pending-list-mismatch',
    fires: [
      S,
      ...call('b1', 'search'),
      ev.result('b1', 'r'),
      outcome({ type: 'success', pendingToolCallIds: ['b1', 'zz'] }),
    ],
    clean: [S, ...call('b1', 'search'), ev.result('b1', 'r'), outcome({ type: 'success' })],
    spec,
    says: ["'b1' got a result", "'zz' was not started"],
  },
  {
    rule: 'tool-call/unadvertised',
    fires: [S, ...call('x1', 'delete_all'), F],
    clean: [S, ...call('x1', 'delete_all'), ev.result('x1', 'r'), F],
    spec,
    says: ["'x1'", "'delete_all'"],
  },
];

describe('frontend tools within a run', () => {
  testRuleCases(cases);

  it('classifies nothing as frontend without an input', () => {
    const found = judge([S, ...call('f1', 'confirm'), ev.result('f1', 'r'), F]);
    expect(found.filter((f) => f.rule.startsWith('frontend-tool/') || f.rule === 'tool-call/unadvertised')).toEqual([]);
  });

  it('a frontend call the producer answered is no longer pending', () => {
    const found = judge([S, ...call('f1', 'confirm'), ev.result('f1', 'r'), F], spec);
    expect(only(found, 'frontend-tool/pending')).toEqual([]);
    expect(only(found, 'frontend-tool/answered-by-producer')).toHaveLength(1);
  });
});
