// Checked accessors for untrusted event payloads: a rule reads only what it needs, and a
// field of the wrong type reads as absent (event/malformed reports it separately), so
// no strange payload can make a check throw.

import { asRecord as asRec, strField as str, type JsonRecord as Rec } from '../json-value.js';

export type { Rec };
export { asRec, str };

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
