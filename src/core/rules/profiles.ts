// Which client profiles reject a stream at a finding: the verdict `lint --profile` exits on
// and the panel's two marks. The 1.0 verdict is the catalogue's `client`; the next client
// rejects where 1.0 does unless a rule says otherwise (`next`), as the draft tightens
// run identity, termination and interrupts.
import type { ClientProfile, RuleInfo } from '../findings.js';

export const CLIENT_PROFILES: readonly ClientProfile[] = ['1.0', 'next'];

export function rejectsUnder(rule: RuleInfo, profile: ClientProfile): boolean {
  const oneZero = rule.client === '1.0' || rule.client === 'both';
  return profile === '1.0' ? oneZero : (rule.next ?? oneZero);
}

/** The profiles whose client rejects the stream at a finding of this rule, in profile order. */
export function rejectingProfiles(rule: RuleInfo): ClientProfile[] {
  return CLIENT_PROFILES.filter((p) => rejectsUnder(rule, p));
}
