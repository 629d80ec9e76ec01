// Tool calls and answers that exist only in a MESSAGES_SNAPSHOT. Real adapters drop a
// call's TOOL_CALL_* events when text and the call share one message, and restate the
// call (and the backend's answer) only in the run's final snapshot: the application never
// saw that call arrive, and the answer it holds is still an answer.
// This file is the family's rule table; its checks are in src/core/rules/snapshot-tools.ts.
import { ruleFamily } from './rule-family.js';

export const SNAPSHOT_TOOL_RULES = ruleFamily({}, [
  {
    id: 'tool-call/snapshot-only',
    severity: 'warning',
    fatal: false,
    client: 'no',
    needs: 'input',
    specRef: 'AG-UI docs › Events (Tool Call Events; MESSAGES_SNAPSHOT)',
    specText:
      'A tool call reaches the application as TOOL_CALL_START / ARGS / END (or TOOL_CALL_CHUNK); MESSAGES_SNAPSHOT restates the conversation. A call that exists only in a snapshot fires no onToolCallStart / onToolCallEnd and no frontend tool handler.',
    explain:
      'Stream every tool call as TOOL_CALL_* events, also when the model put text and the call in one message; the snapshot only restates them.',
  },
]);
