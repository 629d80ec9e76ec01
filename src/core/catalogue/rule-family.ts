// A family's rule table in one declaration: the fields most of its rules share, stated once,
// then one row per rule with its id, quote and advice and only the fields where it differs.
// The compiler still holds every field: a row must state each one the family leaves open.
import type { RuleInfo } from '../findings.js';

/** The fields a family can state once for all its rules. */
export type FamilyFields = Pick<RuleInfo, 'severity' | 'fatal' | 'client' | 'needs' | 'specRef'>;

/** What a family states: only `FamilyFields` keys (a misspelt one does not compile). */
type Family<D> = D & { readonly [K in Exclude<keyof D, keyof FamilyFields>]: never };

/**
 * One rule of a family stating `D`: its id, quote, advice and `next` verdict; every field the
 * family leaves open (required); any the family states, where this rule differs (optional).
 */
export type RuleRow<D, Id extends string> = { readonly id: Id } & Pick<RuleInfo, 'specText' | 'explain' | 'next'> &
  Partial<FamilyFields> &
  Omit<FamilyFields, keyof D>;

/** The family's rules, each its row over the family's fields (ids keep their literal types). */
export function ruleFamily<const D extends Partial<FamilyFields>, const Id extends string>(
  family: Family<D>,
  rows: readonly RuleRow<D, Id>[],
): readonly (RuleInfo & { readonly id: Id })[] {
  // Every key of FamilyFields is in `family` or in the row: RuleRow makes the rest required.
  return rows.map(({ id, ...own }) => ({ id, ...family, ...own }) as RuleInfo & { readonly id: Id });
}
