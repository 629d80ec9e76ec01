// Page-supplied schema patterns run in linear time: the classic catastrophic pattern on a
// long non-matching string is answered (not hung), matching still works, and what cannot
// run safely is reported as unchecked instead of being run.
import { describe, expect, it } from 'vitest';
import { validateArgs } from './schema.js';
import { call, ev, judge, only } from '../rules/rule-cases.test-helper.js';

const evil = { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } };

describe('schema patterns', () => {
  it('a catastrophic pattern on 5,000 characters gets a verdict (a backtracking engine would not finish)', () => {
    const result = validateArgs(evil, { s: `${'a'.repeat(5_000)}!` });
    expect(result.state).toBe('invalid');
    if (result.state === 'invalid')
      expect(result.errors).toEqual([{ path: '/s', message: 'String does not match pattern.' }]);
    expect(validateArgs(evil, { s: 'aaaa' }).state).toBe('valid');
  });

  it('patterns keep their meaning: unanchored search, combined with the schema’s own format', () => {
    const schema = { type: 'object', properties: { id: { type: 'string', pattern: '[0-9]{3}', format: 'email' } } };
    expect(validateArgs(schema, { id: 'x123@example.com' }).state).toBe('valid');
    expect(validateArgs(schema, { id: 'x12@example.com' }).state).toBe('invalid');
    expect(validateArgs(schema, { id: '123' }).state).toBe('invalid'); // not an email
  });

  it('backreferences and nested-quantifier patternProperties are left unchecked and said so', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string', pattern: '(x)\\1' } },
      patternProperties: { '^(b+)+$': { type: 'number' } },
    };
    const result = validateArgs(schema, { a: 'zz', bbbb: 'not a number' });
    expect(result.state).toBe('valid');
    expect(result.state === 'valid' ? result.unchecked?.length : 0).toBe(2);
  });

  it('the call gets tool-call/schema-pattern-unchecked', () => {
    const input = {
      tools: [
        { name: 'book', parameters: { type: 'object', properties: { code: { type: 'string', pattern: '(?=x)x' } } } },
      ],
    };
    const found = only(
      judge([ev.started(), ...call('c1', 'book', '{"code":"x"}'), ev.finished()], { input }),
      'tool-call/schema-pattern-unchecked',
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain('(?=x)x');
  });
});
