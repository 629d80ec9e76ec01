// Tool calls: reopening a closed call, and restreaming one the consumer already has.
// This file is the family's rule table; its checks are in src/core/rules/tool-call-reopen.ts.
import { ruleFamily } from './rule-family.js';

const REOPEN_TEXT =
  'A reopening start MUST agree with the call it reopens — the same toolCallName, the same parentMessageId, the same owner. A consumer is not required to detect a disagreement, and unlike a reopened text message, the protocol makes no promise about which of the two values a consumer that missed the violation ends up holding.';

export const TOOL_CALL_REOPEN_RULES = ruleFamily(
  { severity: 'error', fatal: false, client: 'no', needs: 'stream', specRef: 'Tools › Events (TOOL_CALL_END: reopen)' },
  [
    {
      id: 'tool-call/reopened',
      severity: 'notice',
      specText:
        'A closed call, like a closed message, MAY be reopened by a new TOOL_CALL_START with the same toolCallId, and further arguments append.',
      explain:
        'Legal: later ARGS append to the text the call already has. If you meant a new call, use a new toolCallId.',
    },
    {
      id: 'tool-call/reopen-name-mismatch',
      specText: REOPEN_TEXT,
      explain: 'Reopen with the same toolCallName, or use a new toolCallId for a different tool.',
    },
    {
      id: 'tool-call/reopen-parent-mismatch',
      specText: REOPEN_TEXT,
      explain: 'Send the same parentMessageId on every START of a call (or omit it on all of them).',
    },
    {
      id: 'tool-call/reopen-owner-mismatch',
      fatal: true,
      client: '1.0',
      specText: REOPEN_TEXT,
      explain: 'Reopen the call under the subagentRunId that opened it.',
    },
    {
      id: 'tool-call/restreamed-history',
      severity: 'warning',
      needs: 'input',
      specRef: 'Tools › Events; AG-UI draft › Streaming (reopen); @ag-ui/client reducer',
      specText:
        'A closed call … MAY be reopened by a new TOOL_CALL_START with the same toolCallId, and further arguments append. (AG-UI draft › Streaming: re-streaming material the consumer already has appends; history restatement MUST use snapshots — "streaming triads are for new material only".)',
      explain:
        'Do not re-stream calls the client already has; restate history with MESSAGES_SNAPSHOT, or give a genuinely new call a new toolCallId.',
    },
  ],
);
