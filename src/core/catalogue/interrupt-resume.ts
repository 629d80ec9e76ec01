// Interrupts across the run boundary: a run that finishes with an interrupt outcome asks
// questions; the next request on the thread answers each in `resume` ({ interruptId,
// status: 'resolved' | 'cancelled', payload? }). The client refuses to send a request that
// leaves one unaddressed ("Thread has N pending interrupt(s) not addressed by resume"), and
// its buildResumeArray rejects answers to ids nothing asked. Pure: the panel shows the same
// matching in the run detail.
// This file is the family's rule table; its checks are in src/core/rules/interrupt-resume.ts.
import { ruleFamily } from './rule-family.js';

export const INTERRUPT_RESUME_RULES = ruleFamily(
  {
    severity: 'warning',
    fatal: false,
    client: 'no',
    needs: 'next',
    specRef: 'AG-UI draft › Interrupts; AG-UI docs › Interrupts',
  },
  [
    {
      id: 'run/resume-missing',
      severity: 'error',
      specText:
        'A thread whose last run finished with an interrupt outcome continues only by answering every pending interrupt: the next request carries one resume entry per interrupt id, resolved (with its payload) or cancelled.',
      explain:
        'Add a resume entry ({ interruptId, status }) for every interrupt of the previous run; cancel the ones the user did not answer.',
    },
    {
      id: 'run/resume-unknown',
      specText:
        'A resume entry answers an interrupt the previous run asked, by its id; the client rejects responses that reference unknown interrupt ids.',
      explain: 'Answer only the interrupts the previous run on the thread asked, by their exact ids.',
    },
    {
      id: 'run/resume-duplicate',
      specText: 'Each pending interrupt is answered by exactly one resume entry.',
      explain: 'Send one resume entry per interrupt id.',
    },
  ],
);
