// Checked reads of untrusted JSON values (payloads, files, messages): a value of the wrong
// type reads as absent, so no strange input can make a reader throw. The one definition of
// each; the loaders, reducer, rules, bridge, CLI and panel import these.

export type JsonRecord = Readonly<Record<string, unknown>>;

/** A plain object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asRecord(value: unknown): JsonRecord | undefined {
  return isRecord(value) ? value : undefined;
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `p[key]` when it is a string. */
export function strField(p: JsonRecord | undefined, key: string): string | undefined {
  const v = p?.[key];
  return typeof v === 'string' ? v : undefined;
}
