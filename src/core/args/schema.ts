// Validates a frontend call's final arguments against the JSON Schema the application
// advertised in RunAgentInput.tools[].parameters. @cfworker/json-schema interprets the
// schema (no code generation), so it also runs under the extension's MV3 CSP.
import { Validator, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import type { SchemaResult } from '../model/types.js';
import { safeSchema } from './safe-patterns.js';

const KNOWN_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);
// Parent-level summaries ("Property "n" does not match schema.") always come with the
// nested failure that caused them; listing both doubles every problem.
const SUMMARY_KEYWORDS = new Set(['properties', 'items', 'prefixItems', 'allOf']);

type Compiled = { readonly validator: Validator; readonly unchecked: readonly string[] } | { readonly error: string };
/**
 * Compiled validators keyed by the schema object from the parsed request body: one input
 * advertises a tool once, and all its calls reuse it. Owned by the caller (the store).
 */
export type SchemaCache = WeakMap<object, Compiled>;

function draftOf(schema: Record<string, unknown>): SchemaDraft {
  const declared = typeof schema['$schema'] === 'string' ? schema['$schema'] : '';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('draft-07') || declared.includes('draft-06')) return '7';
  if (declared.includes('2020-12')) return '2020-12';
  return '2019-09';
}

function badType(schema: Record<string, unknown>): string | undefined {
  const t = schema['type'];
  if (t === undefined) return undefined;
  const list = Array.isArray(t) ? t : [t];
  const bad = list.find((x) => typeof x !== 'string' || !KNOWN_TYPES.has(x));
  return bad === undefined ? undefined : `unknown type ${JSON.stringify(bad)}`;
}

function compile(schema: object, compiled: SchemaCache): Compiled {
  const hit = compiled.get(schema);
  if (hit) return hit;
  let result: Compiled;
  try {
    const record = schema as Record<string, unknown>;
    const problem = badType(record);
    // Patterns are matched in linear time (./safe-patterns.ts): page-supplied schemas must not hang us.
    const safe = safeSchema(record);
    result = problem
      ? { error: problem }
      : { validator: new Validator(safe.schema as Schema, draftOf(record), false), unchecked: safe.skipped };
  } catch (e) {
    result = { error: e instanceof Error ? e.message : String(e) };
  }
  compiled.set(schema, result);
  return result;
}

/** `parameters` absent means the tool takes anything: nothing to check. */
export function validateArgs(parameters: unknown, value: unknown, cache: SchemaCache = new WeakMap()): SchemaResult {
  if (parameters === undefined || parameters === null) return { state: 'not-applicable' };
  if (typeof parameters === 'boolean') {
    return parameters
      ? { state: 'valid' }
      : { state: 'invalid', errors: [{ path: '', message: 'the schema is `false`: no value is allowed' }] };
  }
  if (typeof parameters !== 'object' || Array.isArray(parameters)) {
    return {
      state: 'schema-error',
      message: `parameters is ${Array.isArray(parameters) ? 'an array' : typeof parameters}, not a JSON Schema object`,
    };
  }
  const c = compile(parameters, cache);
  if ('error' in c) return { state: 'schema-error', message: c.error };
  try {
    const out = c.validator.validate(value);
    const unchecked = c.unchecked.length > 0 ? { unchecked: c.unchecked } : {};
    if (out.valid) return { state: 'valid', ...unchecked };
    const errors = out.errors
      .filter((e) => !SUMMARY_KEYWORDS.has(e.keyword))
      .map((e) => ({
        path: e.instanceLocation.replace(/^#/, ''),
        message:
          e.keyword === 'format' && e.error.includes('agui-inspector-re2:')
            ? 'String does not match pattern.'
            : e.error,
      }));
    return { state: 'invalid', errors, ...unchecked };
  } catch (e) {
    // Unresolvable $ref and similar only surface when validating.
    return { state: 'schema-error', message: e instanceof Error ? e.message : String(e) };
  }
}
