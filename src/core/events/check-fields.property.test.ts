// The quick "certainly clean" path of the field checks never changes a verdict: for
// payloads of every event type, with fields present, absent, null or of the wrong kind,
// the fast check and the full ordered check give the same problems.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEventFields } from './check-fields.js';
import { BASE_OPTIONAL, EVENT_SCHEMA } from './event-schema.js';

const anyValue = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 3 }),
  fc.constantFrom('success', 'interrupt', 'assistant', 'user'),
  fc.record({ type: fc.constantFrom('success', 'interrupt', 'other') }),
);

const payload = fc.constantFrom(...Object.keys(EVENT_SCHEMA)).chain((type) => {
  const spec = EVENT_SCHEMA[type]!;
  const fields = [
    ...Object.keys(spec.required),
    ...Object.keys(spec.optional),
    ...Object.keys(BASE_OPTIONAL),
    'subagentRunId',
    'extra',
  ];
  return fc
    .record({
      type: fc.constant(type),
      chosen: fc.subarray(fields),
      values: fc.array(anyValue, { minLength: fields.length, maxLength: fields.length }),
    })
    .map(({ chosen, values }) => {
      const p: Record<string, unknown> = { type };
      chosen.forEach((f, i) => (p[f] = values[i]));
      return p;
    });
});

describe('field checks: the quick path', () => {
  it('gives exactly the full check’s verdict', () => {
    fc.assert(
      fc.property(payload, (p) => {
        expect(checkEventFields(p)).toEqual(checkEventFields(p, false));
      }),
      { numRuns: 3000 },
    );
  });
});
