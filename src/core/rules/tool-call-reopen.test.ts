import { describe, expect, it } from 'vitest';
import { createRuleEngine } from './engine.js';
import { inspectAll } from './pipeline.test-helper.js';
import type { ExpandedEvent } from '../events/types.js';
import type { SessionModel } from '../model/types.js';
import {
  call,
  ev,
  judge,
  modelLookups,
  only,
  runModel,
  testRuleCases,
  toolCall,
  type RuleCase,
} from './rule-cases.test-helper.js';

const S = ev.started();
const F = ev.finished();
const history = {
  messages: [
    {
      id: 'a1',
      role: 'assistant',
      toolCalls: [{ id: 'old', type: 'function', function: { name: 'search', arguments: '{}' } }],
    },
  ],
};

const cases: readonly RuleCase[] = [
  {
    rule: 'tool-call/reopened',
    fires: [S, ...call('c1', 'search', '{"a":'), ev.start('c1'), ev.args('c1', '1}'), ev.end('c1'), F],
    clean: [S, ...call('c1'), ...call('c2'), F],
    says: ["'c1'"],
  },
  {
    rule: 'tool-call/reopen-name-mismatch',
    fires: [S, ...call('c1', 'search'), ev.start('c1', 'delete'), ev.end('c1'), F],
    clean: [S, ...call('c1', 'search'), ev.start('c1', 'search'), ev.end('c1'), F],
    says: ['"delete"', '"search"'],
  },
  {
    rule: 'tool-call/reopen-parent-mismatch',
    fires: [S, ...call('c1', 'search', '{}', { parentMessageId: 'm1' }), ev.start('c1', 'search'), ev.end('c1'), F],
    clean: [
      S,
      ...call('c1', 'search', '{}', { parentMessageId: 'm1' }),
      ev.start('c1', 'search', { parentMessageId: 'm1' }),
      ev.end('c1'),
      F,
    ],
    says: ['(absent)', '"m1"'],
  },
  {
    rule: 'tool-call/reopen-parent-mismatch',
    fires: [
      S,
      ...call('c1', 'search', '{}', { parentMessageId: 'm1' }),
      ev.start('c1', 'search', { parentMessageId: 'm2' }),
      ev.end('c1'),
      F,
    ],
    clean: [S, ...call('c1'), ev.start('c1'), ev.end('c1'), F],
    says: ['"m2"'],
  },
  {
    rule: 'tool-call/reopen-owner-mismatch',
    fires: [
      S,
      ...call('c1', 'search', '{}', { subagentRunId: 's1' }),
      ev.start('c1', 'search', { subagentRunId: 's2' }),
      ev.end('c1'),
      F,
    ],
    clean: [
      S,
      ...call('c1', 'search', '{}', { subagentRunId: 's1' }),
      ev.start('c1', 'search', { subagentRunId: 's1' }),
      ev.end('c1'),
      F,
    ],
    says: ["subagent 's2'", "subagent 's1'"],
  },
  {
    rule: 'tool-call/reopen-owner-mismatch',
    fires: [
      S,
      ev.text('m1', { subagentRunId: 's1' }),
      ev.textEnd('m1'),
      ...call('c1'),
      ev.start('c1', 'search', { parentMessageId: 'm1' }),
      ev.end('c1'),
      F,
    ],
    clean: [
      S,
      ev.text('m1', { subagentRunId: 's1' }),
      ev.textEnd('m1'),
      ...call('c1'),
      ev.start('c1', 'search'),
      ev.end('c1'),
      F,
    ],
    says: ["'m1'"],
  },
  {
    rule: 'tool-call/restreamed-history',
    fires: [S, ...call('old'), F],
    clean: [S, ...call('new'), F],
    spec: { input: history },
    says: ["'old'", "'a1'", '{}{}'],
  },
];

describe('tool calls: reopen', () => {
  testRuleCases(cases);

  it('restreamed-history: a call an earlier run on the thread streamed (another stream, no input)', () => {
    const engine = createRuleEngine();
    expect(judge([S, ...call('c1'), F], { streamId: 'a' }, engine)).toEqual([]);
    const again = only(
      judge([ev.started('r2'), ...call('c1'), ev.finished('r2')], { streamId: 'b' }, engine),
      'tool-call/restreamed-history',
    );
    expect(again).toHaveLength(1);
    const otherThread = judge(
      [ev.started('r3', 't2'), ...call('c1'), ev.finished('r3', 't2')],
      { streamId: 'c' },
      engine,
    );
    expect(only(otherThread, 'tool-call/restreamed-history')).toEqual([]);
  });

  it('restreamed-history names the earlier run by its id, never by its internal key', () => {
    const { findings } = inspectAll([
      { streamId: 'stream-0', events: [ev.started('r1'), ...call('c1'), ev.finished('r1')] },
      { streamId: 'stream-1', events: [ev.started('r2'), ...call('c1'), ev.finished('r2')] },
    ]);
    const message = only(findings, 'tool-call/restreamed-history')[0]?.message ?? '';
    expect(message).toContain("(run 'r1')");
    expect(message).not.toMatch(/stream-\d#\d/);
  });

  it('a reopen is not a restream, and a reopen of an open call is start-while-open instead', () => {
    const found = judge([S, ...call('c1'), ev.start('c1'), ev.start('c1'), F]);
    expect(only(found, 'tool-call/restreamed-history')).toEqual([]);
    expect(only(found, 'tool-call/reopened')).toHaveLength(1);
    expect(only(found, 'tool-call/start-while-open')).toHaveLength(1);
  });

  it('restreamed-history: earlier runs already in a loaded model count too', () => {
    const earlier = runModel({
      key: 'old#1',
      threadId: 't1',
      runId: 'r2',
      toolCalls: [toolCall({ toolCallId: 'c1' })],
    });
    const current = runModel({ key: 'new#1', streamId: 'new', threadId: 't1', runId: 'r2', status: 'running' });
    const model: SessionModel = {
      version: 1,
      streams: [],
      runs: [earlier, current],
      threads: [{ threadId: 't1', runKeys: ['old#1', 'new#1'] }],
      findings: [],
      counts: { error: 0, warning: 0, notice: 0 },
    };
    const engine = createRuleEngine();
    const ctx = { streamId: 'new', after: model, runAfter: current, ...modelLookups(model) };
    const send = (payload: Record<string, unknown>, index: number) => {
      const raw = {
        index,
        streamId: 'new',
        t: index,
        span: { start: 0, end: 1 },
        type: String(payload['type']),
        payload,
        problems: [],
      };
      const event: ExpandedEvent = { type: raw.type, payload, raw };
      return engine.onEvent(event, ctx);
    };
    send(ev.started('r2'), 0);
    const found = send(ev.start('c1'), 1);
    // Both runs carry run id 'r2': the earlier one is named with its index among them.
    const message = only(found, 'tool-call/restreamed-history')[0]?.message;
    expect(message).toContain("(run 'r2' (1st with this id))");
    expect(message).not.toContain('old#1');
  });
});
