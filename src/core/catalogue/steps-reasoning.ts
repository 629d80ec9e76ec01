// Extra rules (new ids): the rest of what the reference verifyEvents enforces — steps,
// reasoning spans and messages, subagent lifecycles — so "the client throws here" is
// visible for every stream the client rejects, not only for tool calls.
// This file is the family's rule table; its checks are in src/core/rules/steps-reasoning.ts.
import { ruleFamily } from './rule-family.js';
import { OPEN_AT_RUN_END_TEXT } from './spec-quotes.js';

const V0 = '@ag-ui/client 0.0.58 verifyEvents';
const STEP_TEXT =
  'Steps are keyed by stepName. A duplicate start fails ("Step \\"x\\" is already active…"). Finishing a step that never started fails ("…that was not started"). (1.0: steps are keyed by (owner, name).)';
const REASONING_TEXT =
  'Spans and messages are separate open sets. A duplicate open, a continuation or close of an id that is not open, and anything still open at RUN_FINISHED are all fatal.';
const SUB_TEXT =
  'SUBAGENT_STARTED … The id must not be active or already closed in this run, and parentSubagentRunId must have been started in this run. SUBAGENT_FINISHED and SUBAGENT_ERROR must name an active subagent. RUN_FINISHED fails while subagents are active.';

export const STEPS_REASONING_RULES = ruleFamily(
  { severity: 'error', fatal: true, client: '1.0', needs: 'stream', specRef: '@ag-ui/client 1.0.0 verifyEvents' },
  [
    {
      id: 'step/start-while-active',
      client: 'both',
      specRef: V0,
      specText: STEP_TEXT,
      explain: 'Finish the step (STEP_FINISHED) before starting one with the same name under the same owner.',
    },
    {
      id: 'step/finish-not-started',
      client: 'both',
      specRef: V0,
      specText: STEP_TEXT,
      explain: 'Send STEP_FINISHED only for a step this owner started (same stepName, same subagentRunId).',
    },
    {
      id: 'step/open-at-run-end',
      fatal: false,
      client: 'both',
      specRef: V0,
      specText: OPEN_AT_RUN_END_TEXT,
      explain: 'Finish every step before RUN_FINISHED.',
    },
    {
      id: 'reasoning/start-while-open',
      specText: REASONING_TEXT,
      explain: 'Close the reasoning span/message before opening the same id again.',
    },
    {
      id: 'reasoning/not-open',
      specText: REASONING_TEXT,
      explain:
        'Open the reasoning span (REASONING_START) or message (REASONING_MESSAGE_START) before continuing or closing it.',
    },
    {
      id: 'reasoning/open-at-run-end',
      fatal: false,
      specText: REASONING_TEXT,
      explain: 'Close every reasoning message and span before RUN_FINISHED.',
    },
    {
      id: 'subagent/start-invalid',
      specText: SUB_TEXT,
      explain: 'Give every subagent invocation a fresh subagentRunId, and start a parent subagent before its children.',
    },
    {
      id: 'subagent/not-active',
      specText: SUB_TEXT,
      explain: 'Send SUBAGENT_FINISHED / SUBAGENT_ERROR once, for a subagent started in this run.',
    },
    {
      id: 'subagent/open-at-run-end',
      fatal: false,
      specText: SUB_TEXT,
      explain: 'Finish every subagent before RUN_FINISHED.',
    },
  ],
);
