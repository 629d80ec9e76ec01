// What a current client accepts but changes before the application sees it, and warns
// about: shown so a user sees what their app never received (AG-UI draft › Processing
// model). Detected with the field checks (src/core/events/client-adjustments.ts) and
// reported from the raw event's problems (runs-transport.ts).
import type { ClientAdjustment } from '../events/types.js';
import { CLIENT_ADJUSTMENT_RULES } from '../catalogue/client-adjustments.js';

type AdjustmentRuleId = (typeof CLIENT_ADJUSTMENT_RULES)[number]['id'];

export const ADJUSTMENT_RULE: Readonly<Record<ClientAdjustment, AdjustmentRuleId>> = {
  'unknown-property': 'event/unknown-property',
  'unknown-content-part': 'event/unknown-content-part',
  'unknown-outcome': 'run/unknown-outcome-stripped',
  'newer-version': 'run/protocol-version-newer',
  'unreadable-version': 'run/protocol-version-unreadable',
  'retired-type': 'reasoning/retired-thinking',
};
