import { describe } from 'vitest';
import { ev, testRuleCases, type RuleCase } from './rule-cases.test-helper.js';

const S = ev.started();
const F = ev.finished();
const step = (type: 'STEP_STARTED' | 'STEP_FINISHED', stepName: string, extra: Record<string, unknown> = {}) => ({
  type,
  stepName,
  ...extra,
});
const r = (type: string, messageId: string, extra: Record<string, unknown> = {}) => ({ type, messageId, ...extra });
const sub = (type: string, subagentRunId: string, extra: Record<string, unknown> = {}) => ({
  type,
  subagentRunId,
  name: 'helper',
  message: 'x',
  ...extra,
});

const cases: readonly RuleCase[] = [
  {
    rule: 'attribution/owner-mismatch',
    fires: [S, ev.text('m1'), ev.content('m1', 'x', { subagentRunId: 's1' }), ev.textEnd('m1'), F],
    clean: [
      S,
      ev.text('m1', { subagentRunId: 's1' }),
      ev.content('m1', 'x', { subagentRunId: 's1' }),
      ev.textEnd('m1'),
      F,
    ],
    says: ["subagent 's1'", 'the parent agent'],
  },
  {
    rule: 'attribution/owner-mismatch',
    fires: [
      S,
      ev.text('m1', { subagentRunId: 's1' }),
      ev.textEnd('m1'),
      ev.text('m1', { subagentRunId: 's2' }),
      ev.textEnd('m1'),
      F,
    ],
    clean: [S, ev.text('m1', { subagentRunId: 's1' }), ev.textEnd('m1'), ev.text('m1'), ev.textEnd('m1'), F],
  },
  {
    rule: 'attribution/owner-mismatch',
    fires: [
      S,
      r('REASONING_MESSAGE_START', 'z', { role: 'reasoning' }),
      r('REASONING_MESSAGE_CONTENT', 'z', { delta: 'x', subagentRunId: 's1' }),
      r('REASONING_MESSAGE_END', 'z'),
      F,
    ],
    clean: [
      S,
      r('REASONING_MESSAGE_START', 'z', { role: 'reasoning' }),
      r('REASONING_MESSAGE_CONTENT', 'z', { delta: 'x' }),
      r('REASONING_MESSAGE_END', 'z'),
      F,
    ],
  },
  {
    rule: 'attribution/owner-mismatch',
    fires: [
      S,
      ev.start('c1'),
      ev.end('c1'),
      {
        type: 'REASONING_ENCRYPTED_VALUE',
        subtype: 'tool-call',
        entityId: 'c1',
        encryptedValue: 'x',
        subagentRunId: 's1',
      },
      F,
    ],
    clean: [
      S,
      ev.start('c1'),
      ev.end('c1'),
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'tool-call', entityId: 'c1', encryptedValue: 'x' },
      F,
    ],
  },
  {
    rule: 'attribution/owner-mismatch',
    fires: [
      S,
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'a', activityType: 'p', content: {} },
      { type: 'ACTIVITY_DELTA', messageId: 'a', activityType: 'p', patch: [], subagentRunId: 's1' },
      F,
    ],
    clean: [
      S,
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'a', activityType: 'p', content: {}, subagentRunId: 's1' },
      { type: 'ACTIVITY_DELTA', messageId: 'a', activityType: 'p', patch: [], subagentRunId: 's1' },
      F,
    ],
  },
  {
    rule: 'step/start-while-active',
    fires: [S, step('STEP_STARTED', 'plan'), step('STEP_STARTED', 'plan'), F],
    clean: [S, step('STEP_STARTED', 'plan'), step('STEP_STARTED', 'plan', { subagentRunId: 's1' }), F],
    says: ['"plan"'],
  },
  {
    rule: 'step/finish-not-started',
    fires: [S, step('STEP_FINISHED', 'plan'), F],
    clean: [S, step('STEP_STARTED', 'plan'), step('STEP_FINISHED', 'plan'), F],
    says: ['not started'],
  },
  {
    rule: 'step/finish-not-started',
    fires: [S, step('STEP_STARTED', 'plan'), step('STEP_FINISHED', 'plan', { subagentRunId: 's1' }), F],
    clean: [
      S,
      step('STEP_STARTED', 'plan', { subagentRunId: 's1' }),
      step('STEP_FINISHED', 'plan', { subagentRunId: 's1' }),
      F,
    ],
    says: ['open under the parent agent'],
  },
  {
    rule: 'step/open-at-run-end',
    fires: [S, step('STEP_STARTED', 'plan'), F],
    clean: [S, step('STEP_STARTED', 'plan'), step('STEP_FINISHED', 'plan'), F],
    says: ['"plan"'],
  },
  {
    rule: 'reasoning/start-while-open',
    fires: [S, r('REASONING_START', 'z'), r('REASONING_START', 'z'), r('REASONING_END', 'z'), F],
    clean: [
      S,
      r('REASONING_START', 'z'),
      r('REASONING_MESSAGE_START', 'z', { role: 'reasoning' }),
      r('REASONING_MESSAGE_END', 'z'),
      r('REASONING_END', 'z'),
      F,
    ],
  },
  {
    rule: 'reasoning/not-open',
    fires: [S, r('REASONING_MESSAGE_CONTENT', 'z', { delta: 'x' }), F],
    clean: [
      S,
      r('REASONING_MESSAGE_START', 'z', { role: 'reasoning' }),
      r('REASONING_MESSAGE_CONTENT', 'z', { delta: 'x' }),
      r('REASONING_MESSAGE_END', 'z'),
      F,
    ],
    says: ["'z'"],
  },
  {
    rule: 'reasoning/open-at-run-end',
    fires: [S, r('REASONING_START', 'z'), F],
    clean: [S, r('REASONING_START', 'z'), r('REASONING_END', 'z'), F],
    says: ['span'],
  },
  {
    rule: 'subagent/start-invalid',
    fires: [
      S,
      sub('SUBAGENT_STARTED', 'a'),
      sub('SUBAGENT_FINISHED', 'a'),
      sub('SUBAGENT_STARTED', 'a'),
      sub('SUBAGENT_FINISHED', 'a'),
      F,
    ],
    clean: [
      S,
      sub('SUBAGENT_STARTED', 'a'),
      sub('SUBAGENT_FINISHED', 'a'),
      sub('SUBAGENT_STARTED', 'b'),
      sub('SUBAGENT_FINISHED', 'b'),
      F,
    ],
    says: ['already finished'],
  },
  {
    rule: 'subagent/start-invalid',
    fires: [S, sub('SUBAGENT_STARTED', 'b', { parentSubagentRunId: 'a' }), sub('SUBAGENT_FINISHED', 'b'), F],
    clean: [
      S,
      sub('SUBAGENT_STARTED', 'a'),
      sub('SUBAGENT_STARTED', 'b', { parentSubagentRunId: 'a' }),
      sub('SUBAGENT_FINISHED', 'b'),
      sub('SUBAGENT_FINISHED', 'a'),
      F,
    ],
    says: ["'a'"],
  },
  {
    rule: 'subagent/not-active',
    fires: [S, sub('SUBAGENT_ERROR', 'a'), F],
    clean: [S, sub('SUBAGENT_STARTED', 'a'), sub('SUBAGENT_ERROR', 'a'), F],
  },
  {
    rule: 'subagent/open-at-run-end',
    fires: [S, sub('SUBAGENT_STARTED', 'a'), F],
    clean: [S, sub('SUBAGENT_STARTED', 'a'), sub('SUBAGENT_FINISHED', 'a'), F],
    says: ["'a'"],
  },
];

describe('steps, reasoning, subagents, attribution', () => {
  testRuleCases(cases);
});
