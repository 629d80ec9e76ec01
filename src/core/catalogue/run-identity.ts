// Run identity against the request and across one stream: RUN_STARTED should carry the
// request's threadId and runId, and a stream's runs belong to one conversation. The 1.0
// client checks none of this; the draft makes a thread change fatal (its `next` verdict).
// This file is the family's rule table; its checks are in src/core/rules/run-identity.ts.
import { ruleFamily } from './rule-family.js';

export const RUN_IDENTITY_RULES = ruleFamily({ client: 'no', needs: 'input' }, [
  {
    id: 'run/thread-changed',
    severity: 'error',
    fatal: true,
    next: true,
    specRef: 'AG-UI draft › Events (Lifecycle: RUN_STARTED)',
    specText:
      'A stream may carry several runs, but they are runs on one conversation: RUN_STARTED carries the input’s threadId, and a RUN_STARTED naming a different threadId is fatal.',
    explain: 'Start every run of a request on the request’s threadId; open a new request for another conversation.',
  },
  {
    id: 'run/started-id-mismatch',
    severity: 'warning',
    fatal: false,
    specRef: 'AG-UI docs › Events (Lifecycle); @ag-ui/encoder content types',
    specText: 'The first event’s type is RUN_STARTED (threadId and runId should equal the input’s).',
    explain: 'Echo the request’s runId in RUN_STARTED: the application matches the run it asked for by that id.',
  },
]);
