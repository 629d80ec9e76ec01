// The AG-UI 1.0 event catalogue as data (AG-UI docs › Events, cross-checked with the
// @ag-ui/core 1.0.0 zod schemas). Kept as a table so a protocol revision is a data
// change, and so the panel can list what a type expects.

export type FieldKind =
  | 'string'
  | 'number'
  | 'boolean'
  | 'object' // a plain object (not an array, not null)
  | 'array'
  | 'string-array'
  | 'any' // any JSON value (present means not undefined)
  | 'string-or-parts' // string | ContentPart[] (tool results, 1.0)
  | { readonly enum: readonly string[] }
  // An object whose `type` is one of the values (RUN_FINISHED / SUBAGENT_FINISHED outcome).
  | { readonly outcome: readonly string[] };

export type FieldTable = Readonly<Record<string, FieldKind>>;

export interface EventSpec {
  readonly required: FieldTable;
  readonly optional: FieldTable;
  /** Carries an optional `subagentRunId` attributing it to a subagent. */
  readonly attributable: boolean;
  /** Set for 0.x types that 1.0 removed: accepted and shown, with this note. */
  readonly deprecated?: string;
  /** For those: the 1.0 event the client translates it into. */
  readonly replacement?: string;
}

const TEXT_ROLES = { enum: ['developer', 'system', 'assistant', 'user'] } as const;

function ev(required: FieldTable, optional: FieldTable = {}, attributable = true): EventSpec {
  return { required, optional, attributable };
}

function thinking(required: FieldTable, optional: FieldTable, replacement: string): EventSpec {
  return {
    required,
    optional,
    attributable: false,
    replacement,
    deprecated: `0.x event removed from the 1.0 schema (use ${replacement}); a 1.0 client drops it unless its compat layer translates it`,
  };
}

/** Base fields every event may carry (besides `type`). */
export const BASE_OPTIONAL: FieldTable = { timestamp: 'number', rawEvent: 'any', metadata: 'object' };

export const EVENT_SCHEMA: Readonly<Record<string, EventSpec>> = {
  // Lifecycle (run-scoped: not attributable)
  RUN_STARTED: ev(
    { threadId: 'string', runId: 'string' },
    { protocolVersion: 'string', parentRunId: 'string', input: 'object' },
    false,
  ),
  RUN_FINISHED: ev(
    { threadId: 'string', runId: 'string' },
    { result: 'any', outcome: { outcome: ['success', 'interrupt', 'cancelled'] }, usage: 'array' },
    false,
  ),
  RUN_ERROR: ev({ message: 'string' }, { code: 'string', usage: 'array' }, false),
  STEP_STARTED: ev({ stepName: 'string' }),
  STEP_FINISHED: ev({ stepName: 'string' }),
  // Text
  TEXT_MESSAGE_START: ev({ messageId: 'string' }, { role: TEXT_ROLES, name: 'string' }),
  TEXT_MESSAGE_CONTENT: ev({ messageId: 'string', delta: 'string' }),
  TEXT_MESSAGE_END: ev({ messageId: 'string' }),
  TEXT_MESSAGE_CHUNK: ev({}, { messageId: 'string', role: TEXT_ROLES, delta: 'string', name: 'string' }),
  // Tool calls
  TOOL_CALL_START: ev({ toolCallId: 'string', toolCallName: 'string' }, { parentMessageId: 'string' }),
  TOOL_CALL_ARGS: ev({ toolCallId: 'string', delta: 'string' }),
  TOOL_CALL_END: ev({ toolCallId: 'string' }),
  TOOL_CALL_CHUNK: ev({}, { toolCallId: 'string', toolCallName: 'string', parentMessageId: 'string', delta: 'string' }),
  TOOL_CALL_RESULT: ev(
    { messageId: 'string', toolCallId: 'string', content: 'string-or-parts' },
    { role: { enum: ['tool'] } },
  ),
  // State, messages, activity
  STATE_SNAPSHOT: ev({ snapshot: 'any' }),
  STATE_DELTA: ev({ delta: 'array' }),
  MESSAGES_SNAPSHOT: ev({ messages: 'array' }, {}, false),
  ACTIVITY_SNAPSHOT: ev({ messageId: 'string', activityType: 'string', content: 'object' }, { replace: 'boolean' }),
  ACTIVITY_DELTA: ev({ messageId: 'string', activityType: 'string', patch: 'array' }),
  // Passthrough
  RAW: ev({ event: 'any' }, { source: 'string' }),
  CUSTOM: ev({ name: 'string', value: 'any' }),
  // Reasoning
  REASONING_START: ev({ messageId: 'string' }),
  REASONING_MESSAGE_START: ev({ messageId: 'string', role: { enum: ['reasoning'] } }),
  REASONING_MESSAGE_CONTENT: ev({ messageId: 'string', delta: 'string' }),
  REASONING_MESSAGE_END: ev({ messageId: 'string' }),
  REASONING_MESSAGE_CHUNK: ev({}, { messageId: 'string', delta: 'string' }),
  REASONING_END: ev({ messageId: 'string' }),
  REASONING_ENCRYPTED_VALUE: ev(
    { subtype: { enum: ['tool-call', 'message'] }, entityId: 'string', encryptedValue: 'string' },
    { encryptedValueType: 'string' },
  ),
  // Subagents: here subagentRunId identifies the subagent, so it is required, not attribution.
  SUBAGENT_STARTED: ev(
    { subagentRunId: 'string', name: 'string' },
    { description: 'string', parentSubagentRunId: 'string', parentToolCallId: 'string', parentMessageId: 'string' },
    false,
  ),
  SUBAGENT_FINISHED: ev(
    { subagentRunId: 'string' },
    { result: 'any', outcome: { outcome: ['success', 'suspended'] } },
    false,
  ),
  SUBAGENT_ERROR: ev({ subagentRunId: 'string', message: 'string' }, { code: 'string' }, false),
  // 0.x only
  THINKING_START: thinking({}, { title: 'string' }, 'REASONING_START'),
  THINKING_END: thinking({}, {}, 'REASONING_END'),
  THINKING_TEXT_MESSAGE_START: thinking({}, {}, 'REASONING_MESSAGE_START'),
  THINKING_TEXT_MESSAGE_CONTENT: thinking({ delta: 'string' }, {}, 'REASONING_MESSAGE_CONTENT'),
  THINKING_TEXT_MESSAGE_END: thinking({}, {}, 'REASONING_MESSAGE_END'),
};

/** The 31 event types of protocol 1.0 (the table minus the deprecated 0.x ones). */
export const EVENT_TYPES_1_0: readonly string[] = Object.keys(EVENT_SCHEMA).filter(
  (type) => EVENT_SCHEMA[type]?.deprecated === undefined,
);

const BY_TYPE: ReadonlyMap<string, EventSpec> = new Map(Object.entries(EVENT_SCHEMA));

export function eventSpec(type: string): EventSpec | undefined {
  return BY_TYPE.get(type);
}
