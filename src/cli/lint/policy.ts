// Rule settings applied to findings (severity changed or the finding dropped), and the
// --fail-on verdict. Findings stay in the model's order.
import type { ClientProfile, Finding, Severity } from '../../core/findings.js';
import { rejectsUnder, ruleById } from '../core-deps.js';
import { atLeast } from '../report.js';
import type { RuleSetting } from './settings.js';

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
