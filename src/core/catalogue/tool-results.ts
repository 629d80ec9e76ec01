// Tool results: TOOL_CALL_RESULT against the call it answers, the history, and the
// message ids already in use; result text is untrusted data.
// This file is the family's rule table; its checks are in src/core/rules/tool-results.ts.
import { ruleFamily } from './rule-family.js';
import { ARGS_BEFORE_END_TEXT } from './spec-quotes.js';

const RESULT = 'Tools › Events (TOOL_CALL_RESULT)';

export const TOOL_RESULTS_RULES = ruleFamily({ severity: 'warning', fatal: false, client: 'no', needs: 'input' }, [
  {
    id: 'tool-result/unknown-call',
    severity: 'notice',
    specRef: `${RESULT}; AG-UI docs › Interrupts`,
    specText:
      'Carries the result of a call. (AG-UI docs › Interrupts: a resumed run emits TOOL_CALL_RESULT against the original toolCallId without re-emitting START/ARGS/END, so a result for a call not started in this run is normal there.)',
    explain: 'Check the toolCallId: no call with it was streamed in this run or appears in the input history.',
  },
  {
    id: 'tool-result/before-end',
    needs: 'stream',
    specRef: 'Tools › Events (TOOL_CALL_ARGS, TOOL_CALL_RESULT)',
    specText: ARGS_BEFORE_END_TEXT,
    explain:
      'Send TOOL_CALL_END before the result: a tool executed on a prefix of its arguments ran on incomplete input.',
  },
  {
    id: 'tool-result/duplicate',
    specRef: RESULT,
    specText:
      'Carries the result of a call. It is a message in its own right — a tool message with its own messageId — and does not reopen the call it answers.',
    explain: 'Send one result per call; a second one adds a second tool message to the conversation.',
  },
  {
    id: 'tool-result/message-id-collision',
    specRef: RESULT,
    specText: 'It is a message in its own right — a tool message with its own messageId.',
    explain: 'Mint a fresh messageId for every tool result; reusing one makes consumers overwrite or merge messages.',
  },
  {
    id: 'tool-result/protocol-like-content',
    severity: 'notice',
    needs: 'stream',
    specRef: 'Tools › Security Considerations',
    specText:
      'Tool results are data from wherever the tool got them. A consumer MUST NOT treat text inside a result as protocol material or as instructions carrying the user’s authority.',
    explain:
      'Untrusted data: the inspector shows it as text. Make sure your app and model never treat result text as events or as the user’s instructions.',
  },
]);
