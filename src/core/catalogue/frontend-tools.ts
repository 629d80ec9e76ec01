// Frontend tools within the run that called them: the producer must leave them
// unanswered, finish with success, and say which calls now wait for the application.
// This file is the family's rule table; its checks are in src/core/rules/frontend-tools.ts.
import { ruleFamily } from './rule-family.js';

const ROUND = 'Tools › Frontend tools (round trip)';

export const FRONTEND_TOOLS_RULES = ruleFamily({ fatal: false, client: 'no', needs: 'input' }, [
  {
    id: 'frontend-tool/answered-by-producer',
    severity: 'error',
    specRef: ROUND,
    specText:
      'A producer that calls a frontend tool MUST NOT answer it: no TOOL_CALL_RESULT, no fabricated tool message. The result is the application’s to produce.',
    explain:
      'Do not emit TOOL_CALL_RESULT for tools the client advertised; finish the run and let the application answer in the next request.',
  },
  {
    id: 'frontend-tool/fabricated-message',
    severity: 'error',
    specRef: ROUND,
    specText:
      'A producer that calls a frontend tool MUST NOT answer it: no TOOL_CALL_RESULT, no fabricated tool message. The result is the application’s to produce.',
    explain: 'Leave the tool message for a frontend call out of MESSAGES_SNAPSHOT; the application adds it.',
  },
  {
    id: 'frontend-tool/not-success',
    severity: 'warning',
    specRef: `${ROUND}; Tools (later draft revision)`,
    specText:
      'The producer finishes the run with the call unanswered — RUN_FINISHED, ordinary success outcome. (Later revisions: "MUST use the success outcome and MUST NOT report the run as interrupted".)',
    explain:
      'Finish a run that leaves frontend calls pending with the success outcome; interrupts are a different round trip (resume entries).',
  },
  {
    id: 'frontend-tool/pending',
    severity: 'notice',
    specRef: ROUND,
    specText: 'Several frontend calls MAY be left unanswered by one run; the application answers them all at once.',
    explain:
      'The application must now execute or decline each of these calls and answer them in the next request on the thread.',
  },
  {
    id: 'frontend-tool/pending-list-mismatch',
    severity: 'warning',
    specRef: 'AG-UI docs › Events (RUN_FINISHED); @ag-ui/client reducer',
    specText:
      'outcome is {type:"success", pendingToolCallIds?: string[]} … pendingToolCallIds (1.0+) names every unanswered call, backend ones included.',
    explain:
      'List in outcome.pendingToolCallIds exactly the calls started in this run that got no TOOL_CALL_RESULT (backend ones included).',
  },
  {
    id: 'tool-call/backend-no-result',
    severity: 'warning',
    specRef: 'Tools › Events (TOOL_CALL_RESULT); Tools › Frontend tools',
    specText:
      'TOOL_CALL_RESULT: Carries the result of a call. It is a message in its own right — a tool message with its own messageId. (Only a frontend call is left for the application to answer.)',
    explain:
      'Emit TOOL_CALL_RESULT for every backend call the agent ran, also when the tool failed (say so in the content), so the application and the next request see its outcome.',
  },
  {
    id: 'tool-call/unadvertised',
    severity: 'warning',
    specRef: 'Tools › Frontend tools; Security Considerations',
    specText:
      'A producer SHOULD call frontend tools only from the advertised list; a call naming a tool the input did not advertise is not by itself a protocol violation — what to do with it is the consumer’s decision.',
    explain:
      'Call only advertised frontend tools, or answer your own tools in-stream with TOOL_CALL_RESULT; the application should scrutinise this call like a new tool.',
  },
]);
