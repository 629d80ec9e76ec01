// What RUN_FINISHED / RUN_ERROR report about the run: interrupt ids (a resume entry answers
// an interrupt by its id) and token usage (counts a dashboard adds up).
// This file is the family's rule table; its checks are in src/core/rules/run-outcome.ts.
import { ruleFamily } from './rule-family.js';

export const RUN_OUTCOME_RULES = ruleFamily({ client: 'no', needs: 'stream' }, [
  {
    id: 'run/interrupt-id-duplicate',
    severity: 'error',
    fatal: true,
    next: true,
    specRef: 'AG-UI draft › Interrupts; AG-UI docs › Interrupts',
    specText:
      'Two interrupts sharing one id in a RUN_FINISHED interrupt outcome is fatal: a resume entry answers an interrupt by its id, so a duplicate lets one answer cover two questions.',
    explain: 'Give every interrupt of an outcome its own id.',
  },
  {
    id: 'run/usage-invalid',
    severity: 'warning',
    fatal: false,
    specRef: 'AG-UI docs › Events (RUN_FINISHED, RUN_ERROR: usage)',
    specText:
      'usage lists TokenUsage entries: inputTokens, outputTokens, totalTokens, reasoningTokens (part of the output), cachedInputTokens and cacheWriteInputTokens (part of the input), each a token count.',
    explain:
      'Report counts as non-negative integers, with cached and reasoning counts within the totals they are part of.',
  },
]);
