// Credential headers never leave the capture point in clear: the tap redacts them, and
// so must every importer, since HAR files carry them verbatim.
import { isCredentialName, REDACTED } from './redact/credentials.js';

export { REDACTED };

/** Name/value pairs (HAR style) to a record: names lower-cased, repeats joined, credentials redacted. */
export function headerRecord(pairs: readonly { name: string; value: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of pairs) {
    const key = name.toLowerCase();
    const shown = isCredentialName(key) ? REDACTED : value;
    out[key] = key in out ? `${out[key]}, ${shown}` : shown;
  }
  return out;
}
