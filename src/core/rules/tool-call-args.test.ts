import { describe, expect, it } from 'vitest';
import { call, ev, judge, only, testRuleCases, type RuleCase } from './rule-cases.test-helper.js';

const S = ev.started();
const F = ev.finished();
const weather = {
  tools: [
    { name: 'weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  ],
};

const cases: readonly RuleCase[] = [
  {
    rule: 'tool-call/args-not-json',
    fires: [S, ...call('c1', 'search', '{"q": "x"'), F],
    clean: [S, ...call('c1', 'search', '{"q": "x"}'), F],
    says: ["'c1'", 'Not a protocol violation'],
  },
  {
    rule: 'tool-call/args-concatenated',
    fires: [S, ...call('c1', 'search', '{"a":1}{"b":2}'), F],
    clean: [S, ...call('c1', 'search', '{"a":1, "b":2}'), F],
    says: ['2 JSON values'],
  },
  // the reopen case: a re-streamed {} appends
  {
    rule: 'tool-call/args-concatenated',
    fires: [S, ...call('c1'), ...call('c1'), F],
    clean: [S, ...call('c1'), ev.start('c1'), ev.end('c1'), F],
    says: ['opened 2 times'],
  },
  {
    rule: 'tool-call/args-schema-mismatch',
    fires: [S, ...call('w1', 'weather', '{"city": 3}'), F],
    clean: [S, ...call('w1', 'weather', '{"city": "Oslo"}'), F],
    spec: { input: weather },
    says: ["'w1'", '/city'],
  },
  // a backend (unadvertised) tool is not schema-checked
  {
    rule: 'tool-call/args-schema-mismatch',
    fires: [S, ...call('w1', 'weather', '{}'), F],
    clean: [S, ...call('w1', 'lookup', '{}'), F],
    spec: { input: weather },
  },
  {
    rule: 'tool-call/args-empty',
    fires: [S, ev.start('c1'), ev.end('c1'), F],
    clean: [S, ev.start('c1'), ev.args('c1', ''), ev.end('c1'), F],
    says: ["'c1'"],
  },
];

describe('tool calls: arguments', () => {
  testRuleCases(cases);

  it('reads the reducer’s JSON and schema verdicts: the count of values, the failing paths', () => {
    expect(
      only(
        judge([S, ...call('w1', 'weather', '{"a":1}{"b":2}{"c":3}'), F], { input: weather }),
        'tool-call/args-concatenated',
      )[0]?.message,
    ).toContain('3 JSON values');
    const unit = {
      tools: [{ name: 'weather', parameters: { type: 'object', properties: { unit: { enum: ['C', 'F'] } } } }],
    };
    const found = only(
      judge([S, ...call('w1', 'weather', '{"unit":"K"}'), F], { input: unit }),
      'tool-call/args-schema-mismatch',
    );
    expect(found[0]?.message).toContain('/unit');
  });

  it('args-empty and args-not-json do not both fire for a call with no ARGS', () => {
    const found = judge([S, ev.start('c1'), ev.end('c1'), F]);
    expect(only(found, 'tool-call/args-not-json')).toEqual([]);
  });
});
