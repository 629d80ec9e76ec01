// Text messages (the open/close discipline tool calls share) and attribution of the
// entities other than tool calls: every continuation must agree with its opener's owner.
// This file is the family's rule table; its checks are in src/core/rules/text-messages.ts.
import { ruleFamily } from './rule-family.js';
import { OPEN_AT_RUN_END_TEXT } from './spec-quotes.js';

export const TEXT_MESSAGE_RULES = ruleFamily(
  { severity: 'error', fatal: true, client: 'both', needs: 'stream', specRef: '@ag-ui/client verifyEvents' },
  [
    {
      id: 'text-message/start-while-open',
      specText:
        'TEXT_MESSAGE_START for an id that is open fails: "…already in progress. Complete it with \'TEXT_MESSAGE_END\' first."',
      explain: 'Send TEXT_MESSAGE_END before starting the same messageId again.',
    },
    {
      id: 'text-message/not-open',
      specText: 'CONTENT/END for an id that is not open fails: "No active text message found with ID…".',
      explain: 'Send TEXT_MESSAGE_START (again, to reopen) before CONTENT or END, with the same messageId.',
    },
    {
      id: 'text-message/open-at-run-end',
      fatal: false,
      specText: OPEN_AT_RUN_END_TEXT,
      explain: 'Close every text message with TEXT_MESSAGE_END before RUN_FINISHED.',
    },
    // Extra rule (new id).
    {
      id: 'attribution/owner-mismatch',
      client: '1.0',
      specRef: 'AG-UI docs › Subagents; @ag-ui/client 1.0.0 verifyEvents',
      specText:
        'An owner is recorded by the opener. Continuations MUST NOT disagree, and untagged continuations are fine.',
      explain:
        'Tag continuations (CONTENT, END, deltas, encrypted values) with the opener’s subagentRunId, or leave them untagged.',
    },
  ],
);
