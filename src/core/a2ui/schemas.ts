// Validates A2UI messages against the official schemas with @cfworker/json-schema, which
// interprets schemas (no code generation: safe under the extension's MV3 CSP). Each message is
// checked against its operation's own definition (not the top-level oneOf, whose errors name
// every other operation), with components left to a lenient stand-in; each component is then
// checked against its type's schema in the standard catalogue when the surface uses it.
// Validators are built on first use: a stream without A2UI never compiles one.
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import { isRecord } from '../json-value.js';
import type { A2uiMessage, A2uiVersion } from './messages.js';
import {
  BASIC_CATALOGUE_SCHEMA,
  catalogueAlias,
  COMMON_TYPES,
  lenientCatalogue,
  MESSAGE_SCHEMA,
  messageSchemaId,
  registrableCatalogue,
  type SchemaDoc,
} from './schema-sources.js';

export interface A2uiSchemaError {
  /** JSON Pointer into the message. */
  readonly path: string;
  readonly message: string;
}

// Parent summaries ("Property x does not match schema.", "does not match exactly one
// subschema") come with the nested failures that say what is wrong; they are shown only alone.
const SUMMARY_KEYWORDS = new Set([
  'properties',
  'items',
  'prefixItems',
  'allOf',
  'anyOf',
  'oneOf',
  '$ref',
  'unevaluatedProperties',
]);
const MAX_ERRORS = 3;

const OP_DEFS: Readonly<Record<string, string>> = {
  createSurface: 'CreateSurfaceMessage',
  updateComponents: 'UpdateComponentsMessage',
  updateDataModel: 'UpdateDataModelMessage',
  deleteSurface: 'DeleteSurfaceMessage',
  callRendererFunction: 'CallRendererFunctionMessage',
  agentFunctionResponse: 'AgentFunctionResponseMessage',
};

const validators = new Map<string, Validator>();

function validatorFor(key: string, make: () => Validator): Validator {
  let v = validators.get(key);
  if (v === undefined) {
    v = make();
    validators.set(key, v);
  }
  return v;
}

function messageValidator(version: A2uiVersion, op: string | undefined): Validator {
  const def = version === 'v0.8' || op === undefined ? undefined : OP_DEFS[op];
  return validatorFor(`message ${version} ${def ?? ''}`, () => {
    const id = messageSchemaId(version);
    const root: SchemaDoc = def === undefined ? { $ref: id } : { $ref: `${id}#/$defs/${def}` };
    const v = new Validator(root as Schema, '2020-12', false);
    v.addSchema({ ...MESSAGE_SCHEMA[version], $id: id } as Schema);
    const common = COMMON_TYPES[version];
    if (common) v.addSchema(common as Schema);
    v.addSchema(lenientCatalogue(version) as Schema);
    return v;
  });
}

function componentValidator(version: A2uiVersion, type: string): Validator {
  return validatorFor(`component ${version} ${type}`, () => {
    const alias = catalogueAlias(version);
    const v = new Validator({ $ref: `${alias}#/components/${type}` } as Schema, '2020-12', false);
    const common = COMMON_TYPES[version];
    if (common) v.addSchema(common as Schema);
    v.addSchema(registrableCatalogue(BASIC_CATALOGUE_SCHEMA[version], alias) as Schema);
    return v;
  });
}

function errorsOf(units: readonly OutputUnit[], prefix: string): A2uiSchemaError[] {
  const kept = units.filter((u) => !SUMMARY_KEYWORDS.has(u.keyword));
  return (kept.length > 0 ? kept : units).map((u) => ({
    path: prefix + u.instanceLocation.replace(/^#/, ''),
    message: u.error,
  }));
}

/** The message's schema errors (empty: valid), at most a few, deepest first. */
export function validateMessage(m: A2uiMessage): A2uiSchemaError[] {
  const out = messageValidator(m.version, m.op).validate(m.raw);
  return out.valid ? [] : errorsOf(out.errors, '').slice(0, MAX_ERRORS);
}

/** v0.9/v1.0 `{ component: "Type", ... }`; v0.8 `{ component: { Type: {...} } }`. */
export function componentType(version: A2uiVersion, component: unknown): string | undefined {
  if (!isRecord(component)) return undefined;
  const c = component['component'];
  if (version !== 'v0.8') return typeof c === 'string' ? c : undefined;
  if (!isRecord(c)) return undefined;
  const keys = Object.keys(c);
  return keys.length === 1 ? keys[0] : undefined;
}

/**
 * One component's errors against its type's schema in the standard catalogue (the caller has
 * checked the type is in it). `index` places it in the message: /…/components/index.
 */
export function validateStandardComponent(
  version: A2uiVersion,
  component: Readonly<Record<string, unknown>>,
  type: string,
  pointer: string,
): A2uiSchemaError[] {
  // v0.8 catalogue entries describe the properties object under the type name.
  const target = version === 'v0.8' ? (component['component'] as Record<string, unknown>)[type] : component;
  const prefix = version === 'v0.8' ? `${pointer}/component/${type}` : pointer;
  const out = componentValidator(version, type).validate(target);
  return out.valid ? [] : errorsOf(out.errors, prefix).slice(0, MAX_ERRORS);
}
