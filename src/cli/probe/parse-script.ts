// A script file's text to a ProbeScript: JSON, or YAML (any file not starting with `{`),
// checked against SCRIPT_SCHEMA. Bad input is a message, never a throw.
import { Validator, type Schema } from '@cfworker/json-schema';
import { parse as parseYaml } from 'yaml';
import { SCRIPT_SCHEMA } from './script-schema.js';
import type { ProbeScript } from './script.js';

export type ScriptParse =
  { readonly ok: true; readonly script: ProbeScript } | { readonly ok: false; readonly error: string };

function parseText(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const json = text.trimStart().startsWith('{');
  try {
    // YAML 1.2 is a superset of JSON, but JSON.parse gives the familiar error positions.
    return { ok: true, value: json ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 }) };
  } catch (e) {
    return { ok: false, error: `not valid ${json ? 'JSON' : 'YAML'}: ${e instanceof Error ? e.message : String(e)}` };
  }
}

const validator = (): Validator => new Validator(SCRIPT_SCHEMA as unknown as Schema, '2020-12', false);

export function parseScript(text: string): ScriptParse {
  const parsed = parseText(text);
  if (!parsed.ok) return parsed;
  const result = validator().validate(parsed.value);
  if (!result.valid) {
    // The deepest error names the field; the outer ones only say "items did not match".
    const deepest = [...result.errors].sort((a, b) => b.instanceLocation.length - a.instanceLocation.length)[0];
    const where = deepest?.instanceLocation.replace(/^#/, '') || '/';
    // additionalProperties: false reports an unknown field as "False boolean schema".
    const why = deepest?.keyword === 'false' ? 'unknown field (the fields are in docs/probe.md)' : deepest?.error;
    return { ok: false, error: `script ${where}: ${why ?? 'does not match the script format'}` };
  }
  const script = parsed.value as ProbeScript;
  const names = new Set<string>();
  for (const step of script.steps) {
    if (names.has(step.name)) return { ok: false, error: `script: two steps are named ${JSON.stringify(step.name)}` };
    names.add(step.name);
  }
  return { ok: true, script };
}
