// Rule settings applied to findings (severity changed or the finding dropped), and the
// fail-on verdict, as `lint`, `probe` and the Playwright matchers judge. Findings stay in
// the model's order.
import type { ClientProfile, Finding, Severity } from '../findings.js';
import { ruleById } from '../catalogue/catalogue.js';
import { rejectsUnder } from '../rules/profiles.js';
import type { RuleSetting } from './rule-settings.js';

const RANK: Readonly<Record<Severity, number>> = { error: 3, warning: 2, notice: 1 };

export function atLeast(severity: Severity, min: Severity): boolean {
  return RANK[severity] >= RANK[min];
}

export function applyRuleSettings(findings: readonly Finding[], rules: ReadonlyMap<string, RuleSetting>): Finding[] {
  if (rules.size === 0) return [...findings];
  const out: Finding[] = [];
  for (const f of findings) {
    const setting = rules.get(f.rule);
    if (setting === 'off') continue;
    out.push(setting === undefined || setting === f.severity ? f : { ...f, severity: setting });
  }
  return out;
}

/** Findings at or above `failOn`, and, under a profile, those at which its client rejects the stream. */
export function countFailing(findings: readonly Finding[], failOn: Severity, profile?: ClientProfile): number {
  return findings.filter((f) => {
    if (atLeast(f.severity, failOn)) return true;
    const rule = profile === undefined ? undefined : ruleById(f.rule);
    return rule !== undefined && profile !== undefined && rejectsUnder(rule, profile);
  }).length;
}
