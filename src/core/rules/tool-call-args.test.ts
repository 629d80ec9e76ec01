import { describe, expect, it } from 'vitest';
import { classifyArgs } from './json-scan.js';
import { call, ev, judge, only, testRuleCases, type RuleCase } from './test-helpers.js';

const S = ev.started();
const F = ev.finished();
const weather = { tools: [{ name: 'weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }] };

const cases: readonly RuleCase[] = [
  { rule: 'tool-call/args-not-json', fires: [S, ...call('c1', 'search', '{"q": "x"'), F], clean: [S, ...call('c1', 'search', '{"q": "x"}'), F], says: ["'c1'", 'Not a protocol violation'] },
  { rule: 'tool-call/args-concatenated', fires: [S, ...call('c1', 'search', '{"a":1}{"b":2}'), F], clean: [S, ...call('c1', 'search', '{"a":1, "b":2}'), F], says: ['2 JSON values'] },
  // the reopen case: a re-streamed {} appends
  { rule: 'tool-call/args-concatenated', fires: [S, ...call('c1'), ...call('c1'), F], clean: [S, ...call('c1'), ev.start('c1'), ev.end('c1'), F], says: ['opened 2 times'] },
  { rule: 'tool-call/args-schema-mismatch', fires: [S, ...call('w1', 'weather', '{"city": 3}'), F], clean: [S, ...call('w1', 'weather', '{"city": "Oslo"}'), F], spec: { input: weather }, says: ["'w1'", '/city'] },
  // a backend (unadvertised) tool is not schema-checked
  { rule: 'tool-call/args-schema-mismatch', fires: [S, ...call('w1', 'weather', '{}'), F], clean: [S, ...call('w1', 'lookup', '{}'), F], spec: { input: weather } },
  { rule: 'tool-call/args-empty', fires: [S, ev.start('c1'), ev.end('c1'), F], clean: [S, ev.start('c1'), ev.args('c1', ''), ev.end('c1'), F], says: ["'c1'"] },
];

describe('tool calls: arguments', () => {
  testRuleCases(cases);

  it('uses the model’s JSON and schema verdicts when the reducer has them', () => {
    const spec = { input: weather, calls: [{ toolCallId: 'w1', name: 'weather', json: { state: 'concatenated', count: 3 } as const }] };
    expect(only(judge([S, ...call('w1', 'weather', '{"city":"x"}'), F], spec), 'tool-call/args-concatenated')[0]?.message).toContain('3 JSON values');
    const schema = { state: 'invalid', errors: [{ path: '/unit', message: 'must be "C" or "F"' }] } as const;
    const found = only(judge([S, ...call('w1', 'weather', '{"city":"x"}'), F], { input: weather, calls: [{ toolCallId: 'w1', schema }] }), 'tool-call/args-schema-mismatch');
    expect(found[0]?.message).toContain('/unit: must be "C" or "F"');
  });

  it('args-empty and args-not-json do not both fire for a call with no ARGS', () => {
    const found = judge([S, ev.start('c1'), ev.end('c1'), F]);
    expect(only(found, 'tool-call/args-not-json')).toEqual([]);
  });
});

describe('classifyArgs', () => {
  it.each([
    ['', 'empty'], ['  ', 'empty'], ['{}', 'valid'], ['[1,2]', 'valid'], ['"s"', 'valid'],
    ['{}{}', 'concatenated'], ['{"a":"}{"}{"b":1}', 'concatenated'], ['[1] [2] [3]', 'concatenated'],
    ['{"a":', 'invalid'], ['{}{', 'invalid'], ['nope', 'invalid'], ['{} x', 'invalid'],
  ])('%j is %s', (text, state) => {
    expect(classifyArgs(text).state).toBe(state);
  });

  it('counts the values back to back', () => {
    expect(classifyArgs('{"a":1}{"b":2}{"c":3}')).toEqual({ state: 'concatenated', count: 3 });
  });
});
