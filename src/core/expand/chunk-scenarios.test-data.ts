// Event streams shared by the unit and conformance tests of chunk expansion. Valid
// ones expand without a fatal issue in @ag-ui/client 1.0; fatal ones make its
// transformChunks throw (the expected rule says which of our issues stands for it).
type Ev = Record<string, unknown>;

const RS: Ev = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const RF: Ev = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };
const tc = (fields: Ev): Ev => ({ type: 'TOOL_CALL_CHUNK', ...fields });
const txt = (fields: Ev): Ev => ({ type: 'TEXT_MESSAGE_CHUNK', ...fields });
const rsn = (fields: Ev): Ev => ({ type: 'REASONING_MESSAGE_CHUNK', ...fields });

export const VALID_SCENARIOS: Readonly<Record<string, readonly Ev[]>> = {
  'one chunked call closed by RUN_FINISHED': [
    RS,
    tc({ toolCallId: 'c1', toolCallName: 'a', parentMessageId: 'm1', delta: '{"' }),
    tc({ delta: 'x":1}' }),
    RF,
  ],
  'a continuation may repeat name and parent': [
    RS,
    tc({ toolCallId: 'c1', toolCallName: 'a', parentMessageId: 'm1' }),
    tc({ toolCallId: 'c1', toolCallName: 'a', parentMessageId: 'm1', delta: '{}' }),
    RF,
  ],
  'a new id closes the previous call': [
    RS,
    tc({ toolCallId: 'c1', toolCallName: 'a', delta: '{}' }),
    tc({ toolCallId: 'c2', toolCallName: 'b', delta: '[]' }),
    tc({ delta: '' }),
    RF,
  ],
  'text then tool in one lane': [
    RS,
    txt({ messageId: 'm1', delta: 'Hi' }),
    txt({ delta: ' there' }),
    tc({ toolCallId: 'c1', toolCallName: 'a', parentMessageId: 'm1' }),
    RF,
  ],
  'text chunk with role and name, continuation repeats role': [
    RS,
    txt({ messageId: 'm1', role: 'user', name: 'bob', delta: 'a' }),
    txt({ role: 'user', delta: 'b' }),
    RF,
  ],
  'text continuation repeating the default role': [
    RS,
    txt({ messageId: 'm1', delta: 'a' }),
    txt({ messageId: 'm1', role: 'assistant', delta: 'b' }),
    RF,
  ],
  'reasoning chunks': [
    RS,
    rsn({ messageId: 'r1', delta: 'think' }),
    rsn({ delta: 'ing' }),
    rsn({ messageId: 'r2' }),
    RF,
  ],
  'lanes per subagent': [
    RS,
    { type: 'SUBAGENT_STARTED', subagentRunId: 's1', name: 'helper' },
    tc({ toolCallId: 'c1', toolCallName: 'a', subagentRunId: 's1', delta: '{' }),
    tc({ toolCallId: 'c2', toolCallName: 'b', delta: '[' }),
    tc({ toolCallId: 'c1', delta: '}' }),
    tc({ delta: ']' }),
    tc({ subagentRunId: 's1', delta: '' }),
    { type: 'SUBAGENT_FINISHED', subagentRunId: 's1' },
    tc({ delta: '' }),
    RF,
  ],
  'an untagged id-less chunk joins the sole open lane': [
    RS,
    tc({ toolCallId: 'c1', toolCallName: 'a', subagentRunId: 's1' }),
    tc({ delta: '{}' }),
    RF,
  ],
  'RAW, ACTIVITY_*, REASONING_ENCRYPTED_VALUE, SUBAGENT_STARTED and unknown types close nothing': [
    RS,
    tc({ toolCallId: 'c1', toolCallName: 'a', delta: '{' }),
    { type: 'RAW', event: { x: 1 } },
    { type: 'ACTIVITY_SNAPSHOT', messageId: 'a1', activityType: 'plan', content: {} },
    { type: 'ACTIVITY_DELTA', messageId: 'a1', activityType: 'plan', patch: [] },
    { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'tool-call', entityId: 'c1', encryptedValue: 'zz' },
    { type: 'SUBAGENT_STARTED', subagentRunId: 's9', name: 'x' },
    { type: 'SOMETHING_NEW', foo: 1 },
    tc({ delta: '}' }),
    RF,
  ],
  'explicit events close only their own lane': [
    RS,
    tc({ toolCallId: 'c1', toolCallName: 'a', subagentRunId: 's1' }),
    tc({ toolCallId: 'c2', toolCallName: 'b' }),
    { type: 'TEXT_MESSAGE_START', messageId: 'm5', subagentRunId: 's1' },
    { type: 'STEP_STARTED', stepName: 'x' },
    RF,
  ],
  'SUBAGENT_ERROR closes that lane; MESSAGES_SNAPSHOT closes all': [
    RS,
    tc({ toolCallId: 'c1', toolCallName: 'a', subagentRunId: 's1' }),
    txt({ messageId: 'm1', subagentRunId: 's2', delta: 'x' }),
    rsn({ messageId: 'r1', delta: 'y' }),
    { type: 'SUBAGENT_ERROR', subagentRunId: 's1', message: 'boom' },
    { type: 'MESSAGES_SNAPSHOT', messages: [] },
    RF,
  ],
  'metadata, rawEvent and unknown fields ride along as the client does': [
    RS,
    tc({ toolCallId: 'c1', toolCallName: 'a', metadata: { k: 1 }, extra: 'e1' }),
    tc({ metadata: { k: 2 } }),
    tc({ rawEvent: { p: 1 } }),
    tc({ other: true }),
    tc({ delta: 'x', extra: 'e2', metadata: { k: 3 }, rawEvent: { p: 2 } }),
    tc({}),
    txt({ messageId: 'm1', metadata: { a: 1 }, z: 1, delta: 'q' }),
    RF,
  ],
  'a chunk stream left open at the end of the stream gets no END': [
    RS,
    tc({ toolCallId: 'c1', toolCallName: 'a', delta: '{' }),
  ],
  'a chunk naming a closed id reopens it': [
    RS,
    tc({ toolCallId: 'c1', toolCallName: 'a', delta: '{' }),
    { type: 'STATE_SNAPSHOT', snapshot: {} },
    tc({ toolCallId: 'c1', toolCallName: 'a', delta: '}' }),
    RF,
  ],
  'TOOL_CALL_RESULT closes its lane': [
    RS,
    tc({ toolCallId: 'c1', toolCallName: 'a', delta: '{}' }),
    { type: 'TOOL_CALL_RESULT', messageId: 'm9', toolCallId: 'c1', content: 'ok' },
    RF,
  ],
};

export interface FatalScenario {
  readonly events: readonly Ev[];
  /** Our issue for the event the client throws on. */
  readonly rule: string;
}

export const FATAL_SCENARIOS: Readonly<Record<string, FatalScenario>> = {
  'first chunk without toolCallId': {
    events: [RS, tc({ toolCallName: 'a', delta: '{}' }), RF],
    rule: 'tool-call/chunk-missing-id',
  },
  'first chunk without toolCallName': {
    events: [RS, tc({ toolCallId: 'c1', delta: '{}' }), RF],
    rule: 'tool-call/chunk-missing-name',
  },
  'continuation renames the call': {
    events: [
      RS,
      tc({ toolCallId: 'c1', toolCallName: 'a' }),
      tc({ toolCallId: 'c1', toolCallName: 'b', delta: '{}' }),
      RF,
    ],
    rule: 'tool-call/chunk-name-conflict',
  },
  'continuation adds a parent the opener lacked': {
    events: [RS, tc({ toolCallId: 'c1', toolCallName: 'a' }), tc({ parentMessageId: 'm2', delta: '{}' }), RF],
    rule: 'tool-call/chunk-parent-conflict',
  },
  'untagged id-less chunk with two subagent lanes open': {
    events: [
      RS,
      tc({ toolCallId: 'c1', toolCallName: 'a', subagentRunId: 's1' }),
      tc({ toolCallId: 'c2', toolCallName: 'b', subagentRunId: 's2' }),
      tc({ delta: 'x' }),
      RF,
    ],
    rule: 'tool-call/chunk-ambiguous',
  },
  'chunk continues a call under another subagent': {
    events: [
      RS,
      tc({ toolCallId: 'c1', toolCallName: 'a', subagentRunId: 's1' }),
      tc({ toolCallId: 'c1', subagentRunId: 's2', delta: 'x' }),
      RF,
    ],
    rule: 'tool-call/owner-mismatch',
  },
  'first text chunk without messageId after a tool chunk': {
    events: [RS, tc({ toolCallId: 'c1', toolCallName: 'a' }), txt({ delta: 'x' }), RF],
    rule: 'text-message/chunk-missing-id',
  },
  'text continuation changes role': {
    events: [RS, txt({ messageId: 'm1', delta: 'a' }), txt({ role: 'user', delta: 'b' }), RF],
    rule: 'text-message/chunk-role-conflict',
  },
  'text continuation adds a name': {
    events: [RS, txt({ messageId: 'm1', delta: 'a' }), txt({ messageId: 'm1', name: 'x', delta: 'b' }), RF],
    rule: 'text-message/chunk-name-conflict',
  },
  'first reasoning chunk without messageId': {
    events: [RS, rsn({ delta: 'x' }), RF],
    rule: 'reasoning/chunk-missing-id',
  },
  'ambiguous reasoning chunk': {
    events: [
      RS,
      rsn({ messageId: 'r1', subagentRunId: 's1' }),
      rsn({ messageId: 'r2', subagentRunId: 's2' }),
      rsn({ delta: 'x' }),
      RF,
    ],
    rule: 'reasoning/chunk-ambiguous',
  },
  'ambiguous text chunk': {
    events: [
      RS,
      txt({ messageId: 'm1', subagentRunId: 's1' }),
      txt({ messageId: 'm2', subagentRunId: 's2' }),
      txt({ delta: 'x' }),
      RF,
    ],
    rule: 'text-message/chunk-ambiguous',
  },
};
