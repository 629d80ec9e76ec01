// Table-driven field checks (./event-schema.ts). Both transports (JSON over SSE and
// decoded protobuf) go through here so they reach the same verdict, as the draft
// processing model requires. Checks stay shallow on purpose: a payload may be nested
// 100k deep and nothing here may recurse into it.
import type { EventProblem } from './types.js';
import { isRecord as isPlainObject } from '../json-value.js';
import { BASE_OPTIONAL, EVENT_SCHEMA, type EventSpec, type FieldKind } from './event-schema.js';
import {
  checkContentParts,
  checkProtocolVersion,
  checkUnknownProperties,
  retiredType,
  unknownOutcome,
} from './client-adjustments.js';

export interface FieldCheck {
  /** The event `type` when it is a string; '' otherwise. */
  readonly type: string;
  readonly problems: readonly EventProblem[];
  /** For 0.x types removed in 1.0: why they are shown although 1.0 does not know them. */
  readonly deprecated?: string;
}

export { isPlainObject };

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

function kindLabel(kind: FieldKind): string {
  if (typeof kind === 'string')
    return kind === 'string-or-parts'
      ? 'a string or content parts'
      : `${kind === 'array' || kind === 'any' || kind === 'object' ? 'an' : 'a'} ${kind}`;
  if ('enum' in kind) return `one of ${kind.enum.map((v) => `"${v}"`).join(', ')}`;
  return `an object whose "type" is one of ${kind.outcome.map((v) => `"${v}"`).join(', ')}`;
}

/** Why `value` does not fit `kind`, or undefined when it does. */
function misfit(value: unknown, kind: FieldKind): string | undefined {
  if (typeof kind === 'string') {
    switch (kind) {
      case 'any':
        return undefined;
      case 'string':
        return typeof value === 'string' ? undefined : 'expected a string';
      case 'number':
        return typeof value === 'number' && Number.isFinite(value) ? undefined : 'expected a number';
      case 'boolean':
        return typeof value === 'boolean' ? undefined : 'expected a boolean';
      case 'object':
        return isPlainObject(value) ? undefined : 'expected an object';
      case 'array':
        return Array.isArray(value) ? undefined : 'expected an array';
      case 'string-array':
        return Array.isArray(value) && value.every((v) => typeof v === 'string')
          ? undefined
          : 'expected an array of strings';
      case 'string-or-parts':
        return typeof value === 'string' || Array.isArray(value)
          ? undefined
          : 'expected a string or an array of content parts';
    }
  }
  if ('enum' in kind) {
    return typeof value === 'string' && kind.enum.includes(value) ? undefined : `expected ${kindLabel(kind)}`;
  }
  // An object with an unknown string type is an unknown union member (stripped, see
  // checkField); only a value that is no member at all is malformed.
  if (!isPlainObject(value)) return `expected ${kindLabel(kind)}`;
  if (typeof value['type'] !== 'string') return `expected ${kindLabel(kind)}, and it has no string "type"`;
  return undefined;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return describeValue(value);
}

function checkField(
  payload: Readonly<Record<string, unknown>>,
  type: string,
  field: string,
  kind: FieldKind,
  required: boolean,
  problems: EventProblem[],
): void {
  // Read first: most optional fields are absent, and then one read answers.
  const value = payload[field];
  if (value === undefined || !Object.prototype.hasOwnProperty.call(payload, field)) {
    if (required)
      problems.push({
        kind: 'malformed',
        field,
        message: `${type} lacks required field "${field}" (${kindLabel(kind)})`,
      });
    return;
  }
  // Any JSON value includes null (AG-UI draft › Processing model: absent and null differ;
  // STATE_SNAPSHOT.snapshot, CUSTOM.value and RAW.event may be null).
  if (value === null && kind === 'any') return;
  if (value === null) {
    // subagentRunId: null is fatal in the 1.0 client ("omit it entirely"), and a null
    // metadata object is rejected by the 1.0 schema, so both are malformed rather than
    // the warning-level null-field (@ag-ui/client verifyEvents "Attribution"; AG-UI docs › Events, base fields).
    if (required || field === 'subagentRunId' || field === 'metadata') {
      problems.push({
        kind: 'malformed',
        field,
        message: `${type}.${field} is null; ${required ? 'required' : 'optional fields must be omitted, not null'} (${kindLabel(kind)})`,
      });
    } else {
      problems.push({
        kind: 'null-field',
        field,
        message: `${type}.${field} is null; an optional field should be omitted instead`,
      });
    }
    return;
  }
  const why = misfit(value, kind);
  if (why !== undefined)
    problems.push({ kind: 'malformed', field, message: `${type}.${field} is ${shown(value)}: ${why}` });
  else if (typeof kind === 'object' && 'outcome' in kind && isPlainObject(value)) {
    const member = value['type'];
    if (typeof member === 'string' && !kind.outcome.includes(member))
      problems.push(unknownOutcome(type, field, member, kind.outcome));
  }
}

/** RUN_FINISHED interrupt outcomes need at least one interrupt, each with an id and a reason (1.0 schema). */
function checkOutcome(payload: Readonly<Record<string, unknown>>, type: string, problems: EventProblem[]): void {
  const outcome = payload['outcome'];
  if (type !== 'RUN_FINISHED' || !isPlainObject(outcome) || outcome['type'] !== 'interrupt') return;
  const interrupts = outcome['interrupts'];
  if (!Array.isArray(interrupts) || interrupts.length === 0) {
    problems.push({
      kind: 'malformed',
      field: 'outcome.interrupts',
      message: 'RUN_FINISHED.outcome of type "interrupt" needs a non-empty interrupts array',
    });
    return;
  }
  interrupts.forEach((interrupt: unknown, i) => {
    const field = `outcome.interrupts[${i}]`;
    if (!isPlainObject(interrupt)) {
      problems.push({
        kind: 'malformed',
        field,
        message: `RUN_FINISHED.${field} is ${describeValue(interrupt)}: expected an interrupt object`,
      });
      return;
    }
    for (const key of ['id', 'reason'])
      if (typeof interrupt[key] !== 'string')
        problems.push({
          kind: 'malformed',
          field: `${field}.${key}`,
          message: `RUN_FINISHED.${field} ${interrupt[key] === undefined ? `lacks required "${key}"` : `has "${key}" ${describeValue(interrupt[key])}`}: an interrupt needs a string ${key}`,
        });
  });
}

/** A null subagentRunId on snapshot messages is as fatal in 1.0 as on an event. */
function checkSnapshotMessages(
  payload: Readonly<Record<string, unknown>>,
  type: string,
  problems: EventProblem[],
): void {
  const messages = payload['messages'];
  if (type !== 'MESSAGES_SNAPSHOT' || !Array.isArray(messages)) return;
  messages.forEach((message: unknown, i) => {
    if (!isPlainObject(message)) {
      problems.push({
        kind: 'malformed',
        field: `messages[${i}]`,
        message: `MESSAGES_SNAPSHOT.messages[${i}] is ${describeValue(message)}: expected a message object`,
      });
    } else {
      if (message['subagentRunId'] === null)
        problems.push({
          kind: 'malformed',
          field: `messages[${i}].subagentRunId`,
          message: `MESSAGES_SNAPSHOT.messages[${i}].subagentRunId is null; omit it instead`,
        });
      checkContentParts(message, i, problems);
    }
  });
}

const NO_PROBLEMS: readonly EventProblem[] = Object.freeze([]);

type FieldList = readonly (readonly [string, FieldKind])[];
interface CompiledSpec {
  readonly required: FieldList;
  readonly optional: FieldList;
  /** Whether subagentRunId is checked as an optional string when present (or attributable). */
  readonly ownsSubagent: boolean;
  /** Every field the checks below would look at when present, with its kind. */
  readonly known: ReadonlyMap<string, FieldKind>;
  /** The required fields, for certainlyClean's count. */
  readonly requiredNames: ReadonlySet<string>;
  /** Types with checks beyond their fields' kinds (outcome, snapshot messages, protocol version). */
  readonly extraChecks: boolean;
}

// The tables as lists, made once at load (Object.entries per event showed in profiles).
const BASE_FIELDS: FieldList = Object.entries(BASE_OPTIONAL);
const COMPILED: ReadonlyMap<EventSpec, CompiledSpec> = new Map(
  Object.values(EVENT_SCHEMA).map((spec) => [
    spec,
    {
      required: Object.entries(spec.required),
      optional: Object.entries(spec.optional),
      ownsSubagent: Object.prototype.hasOwnProperty.call(spec.required, 'subagentRunId'),
      known: new Map<string, FieldKind>([
        ...Object.entries(BASE_OPTIONAL),
        ['subagentRunId', 'string'],
        ...Object.entries(spec.optional),
        ...Object.entries(spec.required),
      ]),
      requiredNames: new Set(Object.keys(spec.required)),
      extraChecks: 'outcome' in spec.optional || 'messages' in spec.required || 'protocolVersion' in spec.optional,
    },
  ]),
);

/** By type name: the compiled spec and the verdict a clean event of that type shares. */
interface NamedSpec {
  readonly spec: EventSpec;
  readonly compiled: CompiledSpec;
  readonly clean: FieldCheck;
}
// Only known type names enter (a bounded set), so this cache cannot grow with the input.
// Built once at load, never written after: every type the schema knows.
const BY_NAME: ReadonlyMap<string, NamedSpec> = new Map(
  Object.entries(EVENT_SCHEMA).map(([type, spec]) => {
    const clean: FieldCheck = Object.freeze(
      spec.deprecated === undefined
        ? { type, problems: NO_PROBLEMS }
        : { type, problems: Object.freeze(retiredProblems(type, spec)), deprecated: spec.deprecated },
    );
    return [type, { spec, compiled: COMPILED.get(spec) as CompiledSpec, clean }];
  }),
);

function retiredProblems(type: string, spec: EventSpec): EventProblem[] {
  return spec.replacement === undefined ? [] : [retiredType(type, spec.replacement)];
}

function namedSpec(type: string): NamedSpec | undefined {
  return BY_NAME.get(type);
}

/**
 * Whether the event certainly has no field problem: every required field is there with
 * its kind, and every known field present fits. It looks only at the payload's own keys
 * (a few) instead of every field the type could have; anything doubtful returns false
 * and the full, ordered check below decides.
 */
function certainlyClean(payload: Readonly<Record<string, unknown>>, c: CompiledSpec): boolean {
  // One pass over the payload's own keys (a few): each known one must fit its kind, and
  // every required one must be among them. (A required field met through the prototype
  // chain is left to the full check.)
  let required = 0;
  for (const key in payload) {
    const kind = c.known.get(key);
    if (kind === undefined) {
      // An undescribed property is reported by the full check (the client strips it).
      if (key === 'type') continue;
      return false;
    }
    const value = payload[key];
    if (value === undefined || value === null || misfit(value, kind) !== undefined) return false;
    if (c.requiredNames.has(key)) required++;
  }
  return required === c.required.length;
}

/** `fast` false: always the full check (tests compare the two). */
export function checkEventFields(payload: unknown, fast = true): FieldCheck {
  if (!isPlainObject(payload)) {
    return {
      type: '',
      problems: [{ kind: 'not-an-object', message: `an event must be a JSON object, got ${describeValue(payload)}` }],
    };
  }
  const rawType = payload['type'];
  if (typeof rawType !== 'string') {
    const what = rawType === undefined ? 'has no "type"' : `has a "type" that is ${describeValue(rawType)}`;
    return {
      type: '',
      problems: [{ kind: 'malformed', field: 'type', message: `event ${what}; expected an event type string` }],
    };
  }
  const named = namedSpec(rawType);
  if (named === undefined) {
    return {
      type: rawType,
      problems: [
        {
          kind: 'unknown-type',
          message: `unknown event type "${rawType.length > 80 ? `${rawType.slice(0, 80)}…` : rawType}"`,
        },
      ],
    };
  }
  const c = named.compiled;
  // A clean event shares its type's verdict (frozen): nothing per event.
  if (fast && !c.extraChecks && certainlyClean(payload, c)) return named.clean;
  return checkAllFields(payload, rawType, named.spec, c);
}

/** The full check, every field in order (what certainlyClean answers for when it can). */
function checkAllFields(
  payload: Readonly<Record<string, unknown>>,
  rawType: string,
  spec: EventSpec,
  c: CompiledSpec,
): FieldCheck {
  const problems: EventProblem[] = [];
  for (const [field, kind] of BASE_FIELDS) checkField(payload, rawType, field, kind, false, problems);
  if (spec.attributable || Object.prototype.hasOwnProperty.call(payload, 'subagentRunId')) {
    if (!c.ownsSubagent) checkField(payload, rawType, 'subagentRunId', 'string', false, problems);
  }
  for (const [field, kind] of c.required) checkField(payload, rawType, field, kind, true, problems);
  for (const [field, kind] of c.optional) checkField(payload, rawType, field, kind, false, problems);
  checkOutcome(payload, rawType, problems);
  checkSnapshotMessages(payload, rawType, problems);
  if (rawType === 'RUN_STARTED') checkProtocolVersion(payload['protocolVersion'], problems);
  checkUnknownProperties(payload, rawType, c.known, problems);
  if (spec.replacement !== undefined) problems.push(...retiredProblems(rawType, spec));
  // Nearly every event is clean: share one empty list instead of keeping one per event.
  const found = problems.length === 0 ? NO_PROBLEMS : problems;
  return spec.deprecated === undefined
    ? { type: rawType, problems: found }
    : { type: rawType, problems: found, deprecated: spec.deprecated };
}
