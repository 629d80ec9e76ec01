// Checked reads from untrusted event payloads: a field of the wrong type reads as absent
// (the rule engine reports the malformed event; the model just does not use the value).
export type { JsonRecord as Payload } from '../json-value.js';
export { isRecord, strField as str } from '../json-value.js';
