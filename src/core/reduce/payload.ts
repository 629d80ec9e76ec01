// Checked reads from untrusted event payloads: a field of the wrong type reads as absent
// (the rule engine reports the malformed event; the model just does not use the value).
export type Payload = Readonly<Record<string, unknown>>;

export function str(p: Payload, key: string): string | undefined {
  const v = p[key];
  return typeof v === 'string' ? v : undefined;
}

export function isRecord(v: unknown): v is Readonly<Record<string, unknown>> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
