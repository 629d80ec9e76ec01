// Frontend tools across the run boundary: the next request on the thread must answer
// every call the previous run left pending, in order, as tool messages.
// This file is the family's rule table; its checks are in src/core/rules/frontend-next.ts.
import { ruleFamily } from './rule-family.js';

const CONTINUE =
  'A thread that continues MUST answer every one of them first: the next run’s messages carry a tool message per call, keyed by toolCallId — a failure is still an answer, as a tool message with error set, and a call the user declined is answered by saying so.';

export const FRONTEND_NEXT_RULES = ruleFamily(
  { fatal: false, client: 'no', needs: 'next', specRef: 'Tools › Frontend tools (round trip)' },
  [
    {
      id: 'frontend-tool/unanswered-on-continue',
      severity: 'error',
      specText: CONTINUE,
      explain:
        'Before continuing the thread, add a tool message for every pending frontend call (with error set, or a refusal, if it failed or was declined).',
    },
    {
      id: 'tool-call/history-unanswered',
      severity: 'warning',
      needs: 'input',
      specText: `${CONTINUE} An unanswered call leaves the agent mid-thought, and a history with a dangling call is one many models reject outright.`,
      explain:
        'Send a tool message (role "tool", the call’s toolCallId) for every tool call in the history, with error set if it failed or was declined.',
    },
    {
      id: 'frontend-tool/answer-out-of-order',
      severity: 'warning',
      specText: `${CONTINUE} An unanswered call leaves the agent mid-thought, and a history with a dangling call is one many models reject outright.`,
      explain:
        'Place each tool message right after the assistant message carrying the call, before any newer user message.',
    },
    {
      id: 'frontend-tool/answered-with-error',
      severity: 'notice',
      specText: 'A failure is still an answer, as a tool message with error set.',
      explain: 'Informational: the application answered this call with a failure.',
    },
    {
      id: 'frontend-tool/unadvertised-executed',
      severity: 'warning',
      specRef: 'Tools › Security Considerations',
      specText:
        'A call naming a tool that was not advertised SHOULD NOT be executed without the same scrutiny a new tool would get.',
      explain:
        'Make sure the application vetted this unadvertised tool before running it (or declined it) — or advertise it.',
    },
  ],
);
