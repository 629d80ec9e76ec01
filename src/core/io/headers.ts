// Credential headers never leave the capture point in clear: the tap redacts them, and
// so must every importer, since HAR files carry them verbatim.

export const REDACTED = '[redacted]';

export function isCredentialHeader(name: string): boolean {
  const n = name.toLowerCase();
  return (
    n === 'authorization' ||
    n === 'proxy-authorization' ||
    n === 'cookie' ||
    n === 'set-cookie' ||
    n.endsWith('-api-key') ||
    n === 'api-key' ||
    n.includes('token')
  );
}

/** Name/value pairs (HAR style) to a record: names lower-cased, repeats joined, credentials redacted. */
export function headerRecord(pairs: readonly { name: string; value: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of pairs) {
    const key = name.toLowerCase();
    const shown = isCredentialHeader(key) ? REDACTED : value;
    out[key] = key in out ? `${out[key]}, ${shown}` : shown;
  }
  return out;
}
