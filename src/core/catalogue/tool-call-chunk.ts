// Tool calls in the compact spelling. Chunk expansion (src/core/expand) detects these and
// reports them as ExpandIssues; the engine turns each into a finding with this severity.
import { ruleFamily } from './rule-family.js';

const CHUNK = 'Tools › Events (TOOL_CALL_CHUNK)';
const CHUNK_TEXT =
  'A consumer MUST expand chunks as the streaming pattern specifies: the first chunk MUST carry toolCallId and toolCallName, and a continuation repeating toolCallName or parentMessageId with a conflicting value is fatal.';

export const TOOL_CALL_CHUNK_RULES = ruleFamily({ severity: 'error', fatal: true, needs: 'stream' }, [
  {
    id: 'tool-call/chunk-missing-id',
    client: 'both',
    specRef: CHUNK,
    specText: CHUNK_TEXT,
    explain: 'Put toolCallId on the first TOOL_CALL_CHUNK of every call.',
  },
  {
    id: 'tool-call/chunk-missing-name',
    client: 'both',
    specRef: CHUNK,
    specText: CHUNK_TEXT,
    explain: 'Put toolCallName on the first TOOL_CALL_CHUNK of every call.',
  },
  {
    id: 'tool-call/chunk-name-conflict',
    client: '1.0',
    specRef: CHUNK,
    specText: CHUNK_TEXT,
    explain:
      'Repeat toolCallName on continuation chunks only with the opener’s value (or omit it); a new tool needs a new toolCallId.',
  },
  {
    id: 'tool-call/chunk-parent-conflict',
    client: '1.0',
    specRef: CHUNK,
    specText: CHUNK_TEXT,
    explain:
      'Repeat parentMessageId on continuation chunks only with the opener’s value; if the opener had none, omit it.',
  },
  {
    id: 'tool-call/chunk-ambiguous',
    client: '1.0',
    specRef: `${CHUNK}; @ag-ui/client transformChunks`,
    specText:
      'Continuation resolution for a chunk with no id and no tag: … Otherwise it is fatal: "Ambiguous TOOL_CALL_CHUNK: it carries neither a toolCallId nor a subagentRunId, but N lanes have an open tool call".',
    explain: 'While several agents stream chunked calls at once, put toolCallId (or subagentRunId) on every chunk.',
  },
  {
    id: 'tool-call/chunk-mixed-forms',
    client: 'both',
    specRef: `${CHUNK}; @ag-ui/client transformChunks`,
    specText:
      'The draft spec also says mixing the two spellings within one item is malformed. An explicit ARGS or END naming an id that a chunk stream is assembling ends the shorthand, so it then fails as "not open".',
    explain: 'Stream one call either with TOOL_CALL_CHUNK or with START/ARGS/END, never both.',
  },
  // Extra rule (new id): the cross-lane case the 1.0 client accepts (see chunks.ts).
  {
    id: 'tool-call/chunk-mixed-forms-cross-lane',
    fatal: false,
    client: '0.x',
    specRef: `${CHUNK}; @ag-ui/client transformChunks`,
    specText:
      'The draft spec also says mixing the two spellings within one item is malformed. Explicit text, tool, step, state, custom or reasoning events close only their own lane.',
    explain:
      'Stream one call either with TOOL_CALL_CHUNK or with START/ARGS/END, never both; the 1.0 client applies this explicit event to the call another agent is chunking, and 0.0.x clients (one global chunk slot) reject it.',
  },
  {
    id: 'tool-call/chunk-implicit-end',
    severity: 'notice',
    fatal: false,
    client: 'no',
    specRef: `${CHUNK}; @ag-ui/client transformChunks`,
    specText:
      'Implicit END is emitted before any non-chunk event except RAW, ACTIVITY_SNAPSHOT, ACTIVITY_DELTA and REASONING_ENCRYPTED_VALUE.',
    explain: 'Informational: this event closed the chunked call; arguments after it would start a new segment.',
  },
]);
