// What a current client accepts but changes before the application sees it, and warns
// about: shown so a user sees what their app never received (AG-UI draft › Processing
// model). Detected with the field checks (src/core/events/client-adjustments.ts) and
// reported from the raw event's problems (runs-transport.ts).
// This file is the family's rule table; its checks are in src/core/rules/client-adjustments.ts.
import { ruleFamily } from './rule-family.js';
import { UNRECOGNISED_TEXT } from './spec-quotes.js';

const PROCESSING = 'AG-UI draft › Processing model';

export const CLIENT_ADJUSTMENT_RULES = ruleFamily({ severity: 'notice', fatal: false, client: 'no', needs: 'stream' }, [
  {
    id: 'event/unknown-property',
    specRef: PROCESSING,
    specText: UNRECOGNISED_TEXT,
    explain:
      'The client strips this property before your application sees the event; put application data in CUSTOM events or metadata.',
  },
  {
    id: 'event/unknown-content-part',
    specRef: `${PROCESSING}; AG-UI docs › Messages (content parts)`,
    specText: `${UNRECOGNISED_TEXT} An unrecognised element inside a list is dropped and the list survives.`,
    explain: 'The client drops this content part and keeps the rest of the message; send a kind it knows.',
  },
  {
    id: 'run/unknown-outcome-stripped',
    severity: 'warning',
    specRef: `${PROCESSING}; AG-UI docs › Events (RUN_FINISHED)`,
    specText: `${UNRECOGNISED_TEXT} An unrecognised RUN_FINISHED outcome member is stripped from its optional position.`,
    explain:
      'The client strips the outcome, so the run ends as if none was sent (an interrupt it carried is lost); use "success", "interrupt" or "cancelled".',
  },
  {
    id: 'run/protocol-version-newer',
    specRef: 'AG-UI draft › Versioning',
    specText:
      'A consumer served by a producer declaring a newer minor of the line it implements proceeds under the processing model, and warns.',
    explain: 'What the newer version added is stripped or dropped by this client; check both sides agree on a version.',
  },
  {
    id: 'run/protocol-version-unreadable',
    specRef: 'AG-UI draft › Versioning',
    specText:
      'A declaration that is not a MAJOR.MINOR identifier cannot be compared, and is handled like a newer one: proceed, and warn.',
    explain: 'Declare protocolVersion as MAJOR.MINOR (for example "1.1").',
  },
  {
    id: 'reasoning/retired-thinking',
    specRef: 'AG-UI docs › Events (Reasoning); @ag-ui/client compatibility boundary',
    specText:
      'Retired THINKING_* shapes are translated into reasoning rather than dropped as unrecognised, by the always-on compatibility boundary.',
    explain: 'Send REASONING_* events: the THINKING_* names are retired and only survive through translation.',
  },
]);
