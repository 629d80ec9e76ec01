// Agent state patches (STATE_DELTA, and ACTIVITY_DELTA on an activity's content): a JSON
// Patch (RFC 6902) that does not apply leaves the client on the state it had, with only a
// console warning, so the app and the agent silently disagree from there on. We apply
// every patch the way the client does and say where that happens.
// This file is the family's rule table; its checks are in src/core/rules/state-patches.ts.
import { ruleFamily } from './rule-family.js';

const CLIENT_REF = 'AG-UI docs › State Management (STATE_DELTA, JSON Patch RFC 6902); @ag-ui/client defaultApplyEvents';

export const STATE_PATCH_RULES = ruleFamily({ severity: 'warning', fatal: false, client: 'no', needs: 'stream' }, [
  {
    id: 'state/patch-failed',
    specRef: CLIENT_REF,
    specText:
      'STATE_DELTA carries a JSON Patch (RFC 6902) applied to the current state; the client applies it with validation and, when it fails, warns "Failed to apply state patch" and keeps the state it had.',
    explain:
      'Send patches against the state the client holds (the request state, then each STATE_SNAPSHOT and applied delta), or send a STATE_SNAPSHOT.',
  },
  {
    id: 'activity/patch-failed',
    specRef: 'AG-UI docs › Events (ACTIVITY_DELTA); @ag-ui/client defaultApplyEvents',
    specText:
      'ACTIVITY_DELTA carries a JSON Patch applied to the activity message content; when it fails the client warns "Failed to apply activity patch" and keeps the content it had.',
    explain: 'Patch the content the last ACTIVITY_SNAPSHOT (and applied deltas) left, or send a new snapshot.',
  },
  {
    id: 'state/unknown-op-dropped',
    specRef: `AG-UI draft › Processing model; ${CLIENT_REF}`,
    specText:
      'An operation whose `op` RFC 6902 does not define is an unrecognised union member: the element is dropped from the patch with a warning and the rest of the patch applies.',
    explain:
      'Use only RFC 6902 operations (add, remove, replace, move, copy, test): the client skips the others, so its state differs from what the agent meant.',
  },
]);
