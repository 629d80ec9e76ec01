// Tool calls: the streaming discipline (open / extend / close, owners, ends of runs
// and streams). START also hands off to the reopen and history checks.
// This file is the family's rule table; its checks are in src/core/rules/tool-call-streaming.ts.
import { ruleFamily } from './rule-family.js';
import { ARGS_BEFORE_END_TEXT } from './spec-quotes.js';

const SEQ_TEXT =
  'The streaming pattern’s sequence rules apply unchanged: continuing or closing a call that is not open, or reopening one that is, is fatal.';

export const TOOL_CALL_STREAMING_RULES = ruleFamily(
  { severity: 'error', fatal: true, client: 'both', needs: 'stream', specRef: 'Tools › Error Handling' },
  [
    {
      id: 'tool-call/start-while-open',
      specText: SEQ_TEXT,
      explain: 'Send TOOL_CALL_END for the open call before starting it again, or use a new toolCallId.',
    },
    {
      id: 'tool-call/args-not-open',
      specText: SEQ_TEXT,
      explain:
        'Send TOOL_CALL_START (again, to reopen) before TOOL_CALL_ARGS, and check the toolCallId is the one you opened.',
    },
    {
      id: 'tool-call/end-not-open',
      specText: SEQ_TEXT,
      explain: 'Send TOOL_CALL_END once per START, with the toolCallId that START opened.',
    },
    {
      id: 'tool-call/open-at-run-end',
      fatal: false,
      specText: 'A call left open when the run finishes is a violation.',
      explain: 'Close every tool call with TOOL_CALL_END before RUN_FINISHED.',
    },
    {
      id: 'tool-call/open-at-stream-end',
      severity: 'warning',
      fatal: false,
      client: 'no',
      specRef: 'Tools › Events; AG-UI draft › Streaming (truncation)',
      specText: ARGS_BEFORE_END_TEXT,
      explain:
        'The arguments of these calls are incomplete and must not be acted on; find out why the body ended early.',
    },
    {
      id: 'tool-call/owner-mismatch',
      client: '1.0',
      specRef: 'Tools › Events (TOOL_CALL_START); AG-UI docs › Subagents',
      specText:
        'When the parent message is attributed to a subagent, the call MUST agree with that attribution — a tool call belongs to the message that carries it (see Subagents).',
      explain:
        'Tag the call with the subagentRunId of the message that carries it (or leave it untagged), and continue it under the same tag.',
    },
  ],
);
