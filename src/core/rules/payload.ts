// Checked accessors for untrusted event payloads: a rule reads only what it needs, and a
// field of the wrong type reads as absent (event/malformed reports it separately), so
// no strange payload can make a check throw.

export type Rec = Readonly<Record<string, unknown>>;

export function asRec(value: unknown): Rec | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Rec) : undefined;
}

export function str(p: Rec | undefined, key: string): string | undefined {
  const v = p?.[key];
  return typeof v === 'string' ? v : undefined;
}

export function arr(p: Rec | undefined, key: string): readonly unknown[] | undefined {
  const v = p?.[key];
  return Array.isArray(v) ? v : undefined;
}

/** The attribution tag of an event: a string, or undefined for the parent agent. */
export function tagOf(p: Rec | undefined): string | undefined {
  return str(p, 'subagentRunId');
}

export function ownerName(owner: string | undefined): string {
  return owner === undefined ? 'the parent agent' : `subagent '${owner}'`;
}

/** Quote a value for a message; JSON keeps control characters and quotes inert. */
export function q(value: string | undefined): string {
  return value === undefined ? '(absent)' : JSON.stringify(value);
}

export function list(ids: readonly string[]): string {
  return ids.map((id) => `'${id}'`).join(', ');
}
