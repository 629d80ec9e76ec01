// Text and reasoning messages in the compact spelling (TEXT_MESSAGE_CHUNK,
// REASONING_MESSAGE_CHUNK). Chunk expansion (src/core/expand) detects these and reports
// them as ExpandIssues; the engine turns each into a finding with this severity. They
// mirror the tool-call chunk rules: the client expands all three kinds the same way.
import { ruleFamily } from './rule-family.js';

// The 0.0.x single-slot expander already threw on a missing id for every kind ("First
// TEXT_MESSAGE_CHUNK must have a messageId"), hence 'both'; repeats and lanes are 1.0 only.
const MISSING_ID_TEXT =
  '0.0.58 keeps one global pending slot (text, tool or reasoning) … An opening chunk must have toolCallId ("First TOOL_CALL_CHUNK must have a toolCallId") … Both errors are fatal. 1.0.0 keeps the same shape per lane.';
const CONFLICT_TEXT =
  'chunk conflicting-repeat is fatal: 0.0.x no (ignored), 1.0.0 yes. A conflicting repeat is fatal … The same applies to parentMessageId, including when the opener had none ("(absent)").';
const AMBIGUOUS_TEXT =
  "Continuation resolution for a chunk with no id and no tag: it goes to the parent's open stream of that kind, if one exists. Otherwise it goes to the sole open stream of that kind. Otherwise it is fatal.";

export const MESSAGE_CHUNK_RULES = ruleFamily(
  { severity: 'error', fatal: true, client: '1.0', needs: 'stream', specRef: '@ag-ui/client transformChunks' },
  [
    {
      id: 'text-message/chunk-missing-id',
      client: 'both',
      specText: MISSING_ID_TEXT,
      explain: 'Put messageId on the first TEXT_MESSAGE_CHUNK of every message.',
    },
    {
      id: 'text-message/chunk-role-conflict',
      specText: CONFLICT_TEXT,
      explain: 'Repeat role on continuation chunks only with the opener’s value (absent means assistant), or omit it.',
    },
    {
      id: 'text-message/chunk-name-conflict',
      specText: CONFLICT_TEXT,
      explain: 'Repeat name on continuation chunks only with the opener’s value; if the opener had none, omit it.',
    },
    {
      id: 'text-message/chunk-ambiguous',
      specText: AMBIGUOUS_TEXT,
      explain: 'While several agents stream chunked text at once, put messageId (or subagentRunId) on every chunk.',
    },
    {
      id: 'reasoning/chunk-missing-id',
      client: 'both',
      specText: MISSING_ID_TEXT,
      explain: 'Put messageId on the first REASONING_MESSAGE_CHUNK of every reasoning message.',
    },
    {
      id: 'reasoning/chunk-ambiguous',
      specText: AMBIGUOUS_TEXT,
      explain:
        'While several agents stream chunked reasoning at once, put messageId (or subagentRunId) on every chunk.',
    },
  ],
);
