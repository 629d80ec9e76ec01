// Where the protocol puts structure. Redaction keeps a value only at these positions;
// every other position is data, at any depth and whatever its key is called.
// A position is reached from its parent by a key or an array index.

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
  | 'data';

export type Pos =
  | { readonly k: 'event'; readonly type: string | undefined; readonly slot: number }
  | { readonly k: 'eventList'; readonly types: readonly (string | undefined)[] }
  | { readonly k: 'argsDelta'; readonly slot: number }
  | { readonly k: Plain };

const KEEP: Pos = { k: 'keep' };
const DATA: Pos = { k: 'data' };
const at = (k: Plain): Pos => ({ k });

/** Top-level event fields that identify and link things (AG-UI docs, "Events"). */
const EVENT_IDS = new Set([
  'type',
  'threadId',
  'runId',
  'parentRunId',
  'messageId',
  'toolCallId',
  'parentMessageId',
  'toolCallName',
  'role',
  'stepName',
  'protocolVersion',
  'activityType',
  'subtype',
  'entityId',
  'encryptedValueType',
  'subagentRunId',
  'parentSubagentRunId',
  'parentToolCallId',
  'code',
  'interruptId',
]);
/** Non-string event fields that are protocol, not content. */
const EVENT_SCALARS = new Set(['timestamp', 'replace']);
/** Event types whose `name` names a protocol thing (not a person). */
const NAMED_TYPES = new Set(['CUSTOM', 'SUBAGENT_STARTED']);
const ARGS_TYPES = new Set(['TOOL_CALL_ARGS', 'TOOL_CALL_CHUNK']);
const MESSAGE_IDS = new Set(['role', 'id', 'toolCallId', 'subagentRunId', 'activityType']);
/** JSON Schema keywords whose strings are vocabulary; numbers and booleans in a schema are kept. */
const SCHEMA_WORDS = new Set(['type', 'format', 'pattern', '$ref', '$schema', '$id', 'required']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_SAMPLES = new Set(['description', 'title', 'examples', 'default', 'const', 'enum', 'example']);
const SCHEMA_ONE = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']);

function eventChild(type: string | undefined, slot: number, key: string): Pos {
  if (EVENT_IDS.has(key) || EVENT_SCALARS.has(key)) return KEEP;
  if (key === 'name' && type !== undefined && NAMED_TYPES.has(type)) return KEEP;
  if (key === 'input' && type === 'RUN_STARTED') return at('input');
  if (key === 'delta' && type !== undefined && ARGS_TYPES.has(type)) return { k: 'argsDelta', slot };
  if ((key === 'delta' && type === 'STATE_DELTA') || (key === 'patch' && type === 'ACTIVITY_DELTA'))
    return at('patchList');
  if (key === 'messages' && type === 'MESSAGES_SNAPSHOT') return at('messages');
  if (key === 'outcome') return at('outcome');
  if (key === 'content' && type === 'TOOL_CALL_RESULT') return at('parts');
  if (key === 'interruptIds' || key === 'pendingToolCallIds') return { k: 'keepList' };
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
  const name = typeof key === 'string' ? key : undefined;
  switch (pos.k) {
    case 'eventList':
      return typeof key === 'number' ? { k: 'event', type: pos.types[key], slot: key } : DATA;
    case 'event':
      return name === undefined ? DATA : eventChild(pos.type, pos.slot, name);
    case 'input':
      if (name === 'threadId' || name === 'runId' || name === 'parentRunId') return KEEP;
      if (name === 'messages') return at('messages');
      if (name === 'tools') return at('tools');
      return DATA;
    case 'messages':
      return typeof key === 'number' ? at('message') : DATA;
    case 'message':
      if (name !== undefined && MESSAGE_IDS.has(name)) return KEEP;
      if (name === 'content') return at('parts');
      return name === 'toolCalls' ? at('toolCalls') : DATA;
    case 'parts':
      return typeof key === 'number' ? at('part') : DATA;
    case 'part':
      // A content part's kind and media type are protocol; its text, data and URL are not.
      return name === 'type' || name === 'mimeType' ? KEEP : DATA;
    case 'toolCalls':
      return typeof key === 'number' ? at('toolCall') : DATA;
    case 'toolCall':
      if (name === 'id' || name === 'type') return KEEP;
      return name === 'function' ? at('function') : DATA;
    case 'function':
      return name === 'name' ? KEEP : DATA;
    case 'tools':
      return typeof key === 'number' ? at('tool') : DATA;
    case 'tool':
      if (name === 'name') return KEEP;
      return name === 'parameters' ? at('schema') : DATA;
    case 'schema':
      return name === undefined ? DATA : schemaChild(name);
    case 'schemaMap':
      return at('schema');
    case 'schemaValue':
      return at('schemaValue');
    case 'schemaList':
      return typeof key === 'number' ? at('schema') : DATA;
    case 'patchList':
      return typeof key === 'number' ? at('patchOp') : DATA;
    case 'patchOp':
      return name === 'op' || name === 'path' || name === 'from' ? KEEP : DATA;
    case 'outcome':
      if (name === 'type') return KEEP;
      if (name === 'pendingToolCallIds' || name === 'interruptIds') return { k: 'keepList' };
      return name === 'interrupts' ? at('interrupts') : DATA;
    case 'interrupts':
      return typeof key === 'number' ? at('interrupt') : DATA;
    case 'interrupt':
      return name === 'id' || name === 'interruptId' || name === 'toolCallId' ? KEEP : DATA;
    case 'keepList':
      return typeof key === 'number' ? KEEP : DATA;
    default:
      return DATA;
  }
}

/** What happens to a leaf (string, number, boolean) at a position. */
export type LeafRule = 'keep' | 'mask' | 'keep-scalars';

export function leafRule(pos: Pos): LeafRule {
  if (pos.k === 'keep') return 'keep';
  // A schema's numbers and booleans (minimum, additionalProperties: false) are structure.
  if (pos.k === 'schema' || pos.k === 'schemaValue') return 'keep-scalars';
  return 'mask';
}
