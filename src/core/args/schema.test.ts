import { describe, expect, it } from 'vitest';
import { validateArgs } from './schema.js';

describe('validateArgs', () => {
  const schema = {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
    required: ['city'],
    additionalProperties: false,
  };

  it('accepts matching arguments and lists each failure with its instance path', () => {
    expect(validateArgs(schema, { city: 'Paris', days: 2 })).toEqual({ state: 'valid' });
    const r = validateArgs(schema, { days: 0, extra: true });
    expect(r.state).toBe('invalid');
    const paths = r.state === 'invalid' ? r.errors.map((e) => e.path) : [];
    expect(paths).toContain('/days');
    expect(paths).toContain('');
    // the parent-level "Property does not match schema" summary is left out
    expect(r.state === 'invalid' && r.errors.some((e) => e.message.includes('does not match schema.'))).toBe(false);
    expect(r.state === 'invalid' && r.errors.some((e) => e.message.includes('"city"'))).toBe(true);
  });

  it('absent parameters accept anything; boolean schemas mean what they say', () => {
    expect(validateArgs(undefined, { a: 1 })).toEqual({ state: 'not-applicable' });
    expect(validateArgs(true, 5)).toEqual({ state: 'valid' });
    expect(validateArgs(false, 5).state).toBe('invalid');
  });

  it('a schema that cannot be used is a schema-error, not a verdict on the arguments', () => {
    expect(validateArgs('object', {}).state).toBe('schema-error');
    expect(validateArgs([{ type: 'object' }], {}).state).toBe('schema-error');
    expect(validateArgs({ type: 'strange' }, {})).toEqual({ state: 'schema-error', message: 'unknown type "strange"' });
    const missingRef = validateArgs({ $ref: '#/$defs/nope' }, {});
    expect(missingRef.state).toBe('schema-error');
  });

  it('honours the declared draft (draft-07 tuple items)', () => {
    const tuple = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'array',
      items: [{ type: 'string' }, { type: 'number' }],
    };
    expect(validateArgs(tuple, ['a', 1])).toEqual({ state: 'valid' });
    expect(validateArgs(tuple, [1, 'a']).state).toBe('invalid');
  });
});
