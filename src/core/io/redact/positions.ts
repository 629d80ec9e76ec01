// Where the protocol puts structure. Redaction keeps a value only at these positions;
// every other position is data, at any depth and whatever its key is called.
// A position is reached from its parent by a key or an array index. Some kept values
// name or link things (ids, names, codes, patch paths): strict redaction replaces those
// by pseudonyms (./pseudonyms.ts), and also the keys of state objects.
import type { PseudonymFamily } from './pseudonyms.js';

type Plain =
  | 'input'
  | 'messages'
  | 'message'
  | 'toolCalls'
  | 'toolCall'
  | 'function'
  | 'tools'
  | 'tool'
  | 'schema'
  | 'schemaList'
  | 'schemaMap'
  | 'schemaValue'
  | 'patchList'
  | 'patchOp'
  | 'outcome'
  | 'interrupts'
  | 'interrupt'
  | 'parts'
  | 'part'
  | 'keep'
  | 'keepList'
  | 'state'
  | 'patchPath'
  | 'usage'
  | 'usageEntry'
  | 'data';

export type Pos =
  | { readonly k: 'event'; readonly type: string | undefined; readonly slot: number }
  | { readonly k: 'eventList'; readonly types: readonly (string | undefined)[] }
  | { readonly k: 'argsDelta'; readonly slot: number }
  /** Kept, or a pseudonym when strict. */
  | { readonly k: 'name'; readonly family: PseudonymFamily }
  | { readonly k: 'nameList'; readonly family: PseudonymFamily }
  /** A token count: its number is kept (lint checks it), anything else there is data. */
  | { readonly k: 'usageCount' }
  | { readonly k: Plain };

const KEEP: Pos = { k: 'keep' };
const DATA: Pos = { k: 'data' };
const at = (k: Plain): Pos => ({ k });

const name = (family: PseudonymFamily): Pos => ({ k: 'name', family });

/** Top-level event fields that are protocol vocabulary (AG-UI docs, "Events"): always kept. */
const EVENT_WORDS = new Set(['type', 'role', 'protocolVersion', 'activityType', 'subtype', 'encryptedValueType']);
/** Top-level event fields that identify and link things: kept, pseudonyms when strict. */
const EVENT_NAMES: ReadonlyMap<string, PseudonymFamily> = new Map<string, PseudonymFamily>([
  ['threadId', 'thread'],
  ['runId', 'run'],
  ['parentRunId', 'run'],
  ['subagentRunId', 'run'],
  ['parentSubagentRunId', 'run'],
  ['messageId', 'message'],
  ['parentMessageId', 'message'],
  ['toolCallId', 'call'],
  ['parentToolCallId', 'call'],
  ['toolCallName', 'tool'],
  ['stepName', 'step'],
  ['entityId', 'entity'],
  ['code', 'code'],
  ['interruptId', 'interrupt'],
]);
/**
 * RUN_FINISHED / RUN_ERROR token counts (the run outcome's `usage` list): numbers lint adds
 * up (run/usage-invalid), not content, so they stay as they are.
 */
const USAGE_COUNTS = new Set([
  'inputTokens',
  'outputTokens',
  'totalTokens',
  'reasoningTokens',
  'cachedInputTokens',
  'cacheWriteInputTokens',
]);
/** Non-string event fields that are protocol, not content. */
const EVENT_SCALARS = new Set(['timestamp', 'replace']);
/** Event types whose `name` names a protocol thing (not a person). */
const NAMED_TYPES: ReadonlyMap<string, PseudonymFamily> = new Map<string, PseudonymFamily>([
  ['CUSTOM', 'custom'],
  ['SUBAGENT_STARTED', 'agent'],
]);
const ARGS_TYPES = new Set(['TOOL_CALL_ARGS', 'TOOL_CALL_CHUNK']);
const MESSAGE_IDS: ReadonlyMap<string, PseudonymFamily> = new Map<string, PseudonymFamily>([
  ['id', 'message'],
  ['toolCallId', 'call'],
  ['subagentRunId', 'run'],
]);
/** JSON Schema keywords whose strings are vocabulary; numbers and booleans in a schema are kept. */
const SCHEMA_WORDS = new Set(['type', 'format', 'pattern', '$ref', '$schema', '$id', 'required']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_SAMPLES = new Set(['description', 'title', 'examples', 'default', 'const', 'enum', 'example']);
const SCHEMA_ONE = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']);

function eventChild(type: string | undefined, slot: number, key: string): Pos {
  if (EVENT_WORDS.has(key) || EVENT_SCALARS.has(key)) return KEEP;
  const family = EVENT_NAMES.get(key);
  if (family !== undefined) return name(family);
  const named = key === 'name' && type !== undefined ? NAMED_TYPES.get(type) : undefined;
  if (named !== undefined) return name(named);
  if (key === 'input' && type === 'RUN_STARTED') return at('input');
  // State and activity content: their keys are what patch paths name.
  if ((key === 'snapshot' && type === 'STATE_SNAPSHOT') || (key === 'content' && type === 'ACTIVITY_SNAPSHOT'))
    return at('state');
  if (key === 'delta' && type !== undefined && ARGS_TYPES.has(type)) return { k: 'argsDelta', slot };
  if ((key === 'delta' && type === 'STATE_DELTA') || (key === 'patch' && type === 'ACTIVITY_DELTA'))
    return at('patchList');
  if (key === 'messages' && type === 'MESSAGES_SNAPSHOT') return at('messages');
  if (key === 'outcome') return at('outcome');
  if (key === 'usage') return at('usage');
  if (key === 'content' && type === 'TOOL_CALL_RESULT') return at('parts');
  if (key === 'interruptIds') return { k: 'nameList', family: 'interrupt' };
  if (key === 'pendingToolCallIds') return { k: 'nameList', family: 'call' };
  return DATA;
}

function schemaChild(key: string): Pos {
  if (SCHEMA_WORDS.has(key)) return key === 'required' ? { k: 'keepList' } : KEEP;
  if (SCHEMA_MAPS.has(key)) return at('schemaMap');
  if (SCHEMA_LISTS.has(key)) return at('schemaList');
  if (SCHEMA_ONE.has(key)) return at('schema');
  // Prose and sample values are data whatever their type.
  if (SCHEMA_SAMPLES.has(key)) return DATA;
  // Other keywords (minimum, maxItems, additionalProperties: false): scalars stay, strings go.
  return at('schemaValue');
}

export function child(pos: Pos, key: string | number): Pos {
  const k = typeof key === 'string' ? key : undefined;
  const index = typeof key === 'number';
  switch (pos.k) {
    case 'eventList':
      return index ? { k: 'event', type: pos.types[key], slot: key } : DATA;
    case 'event':
      return k === undefined ? DATA : eventChild(pos.type, pos.slot, k);
    case 'input':
      if (k === 'threadId') return name('thread');
      if (k === 'runId' || k === 'parentRunId') return name('run');
      if (k === 'state') return at('state');
      if (k === 'messages') return at('messages');
      if (k === 'tools') return at('tools');
      return DATA;
    case 'messages':
      return index ? at('message') : DATA;
    case 'message': {
      if (k === 'role' || k === 'activityType') return KEEP;
      const family = k === undefined ? undefined : MESSAGE_IDS.get(k);
      if (family !== undefined) return name(family);
      if (k === 'content') return at('parts');
      return k === 'toolCalls' ? at('toolCalls') : DATA;
    }
    case 'parts':
      return index ? at('part') : DATA;
    case 'part':
      // A content part's kind and media type are protocol; its text, data and URL are not.
      return k === 'type' || k === 'mimeType' ? KEEP : DATA;
    case 'toolCalls':
      return index ? at('toolCall') : DATA;
    case 'toolCall':
      if (k === 'id') return name('call');
      if (k === 'type') return KEEP;
      return k === 'function' ? at('function') : DATA;
    case 'function':
      return k === 'name' ? name('tool') : DATA;
    case 'tools':
      return index ? at('tool') : DATA;
    case 'tool':
      if (k === 'name') return name('tool');
      return k === 'parameters' ? at('schema') : DATA;
    case 'schema':
      return k === undefined ? DATA : schemaChild(k);
    case 'schemaMap':
      return at('schema');
    case 'schemaValue':
      return at('schemaValue');
    case 'schemaList':
      return index ? at('schema') : DATA;
    case 'patchList':
      return index ? at('patchOp') : DATA;
    case 'patchOp':
      if (k === 'op') return KEEP;
      if (k === 'path' || k === 'from') return at('patchPath');
      // A value added to the state becomes state: its keys are what later paths name.
      return k === 'value' ? at('state') : DATA;
    case 'state':
      return at('state');
    case 'outcome':
      if (k === 'type') return KEEP;
      if (k === 'pendingToolCallIds') return { k: 'nameList', family: 'call' };
      if (k === 'interruptIds') return { k: 'nameList', family: 'interrupt' };
      return k === 'interrupts' ? at('interrupts') : DATA;
    case 'interrupts':
      return index ? at('interrupt') : DATA;
    case 'interrupt':
      if (k === 'id' || k === 'interruptId') return name('interrupt');
      return k === 'toolCallId' ? name('call') : DATA;
    case 'keepList':
      return index ? KEEP : DATA;
    case 'usage':
      return index ? at('usageEntry') : DATA;
    case 'usageEntry':
      return k !== undefined && USAGE_COUNTS.has(k) ? { k: 'usageCount' } : DATA;
    case 'nameList':
      return index ? name(pos.family) : DATA;
    default:
      return DATA;
  }
}

/**
 * What happens to a leaf (string, number, boolean) at a position. `name` and `path`
 * strings are kept, or replaced by pseudonyms when strict; their other scalars are kept.
 */
export type LeafRule = 'keep' | 'mask' | 'keep-scalars' | 'name' | 'path';

export function leafRule(pos: Pos): LeafRule {
  if (pos.k === 'keep') return 'keep';
  if (pos.k === 'name') return 'name';
  if (pos.k === 'patchPath') return 'path';
  // A schema's numbers and booleans (minimum, additionalProperties: false) are structure.
  if (pos.k === 'schema' || pos.k === 'schemaValue' || pos.k === 'usageCount') return 'keep-scalars';
  return 'mask';
}
