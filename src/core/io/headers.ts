// Credential headers never leave the capture point in clear: the tap redacts them, and
// so must every importer, since HAR files carry them verbatim.
import { isCredentialName, REDACTED } from './redact/credentials.js';

import { isRecord } from './text.js';

export { REDACTED };

/** A HAR `headers` list's name/value pairs (entries of another shape are skipped). */
export function pairs(value: unknown): { name: string; value: string }[] {
  if (!Array.isArray(value)) return [];
  const out: { name: string; value: string }[] = [];
  for (const h of value) {
    if (isRecord(h) && typeof h['name'] === 'string' && typeof h['value'] === 'string') {
      out.push({ name: h['name'], value: h['value'] });
    }
  }
  return out;
}

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
