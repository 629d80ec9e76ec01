// Rule settings applied to findings (severity changed or the finding dropped), and the
// --fail-on verdict. Findings stay in the model's order.
import type { Finding, Severity } from '../../core/findings.js';
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

export function countFailing(findings: readonly Finding[], failOn: Severity): number {
  return findings.filter((f) => atLeast(f.severity, failOn)).length;
}
