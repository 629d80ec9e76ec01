// Which findings fail a test: the rule settings and fail-on level of lint (src/core/policy),
// then the findings a test allows taken out. Shared by the Playwright matchers and the
// vitest matcher, so one configuration judges a stream the same way everywhere.
import type { ClientProfile, Finding, Severity } from '../core/findings.js';
import { applyRuleSettings, countFailing } from '../core/policy/apply.js';
import type { RuleSetting } from '../core/policy/rule-settings.js';

/** Which finding: a rule id, or a rule id narrowed to a run and/or a tool call. */
export type FindingQuery = string | { readonly rule: string; readonly run?: string; readonly call?: string };

export interface AguiPolicy {
  /** Fail on findings at or above this severity (default error). */
  readonly failOn?: Severity;
  /** Per-rule severity or 'off', as lint's --rule and the config file's "rules". */
  readonly rules?: Readonly<Record<string, RuleSetting>>;
  /** Fail also on findings at which this client profile rejects the stream (as lint --profile). */
  readonly profile?: ClientProfile;
  /** Findings the test expects: these never fail it. */
  readonly allow?: readonly FindingQuery[];
}

export function matchesFinding(f: Finding, query: FindingQuery): boolean {
  if (typeof query === 'string') return f.rule === query;
  return (
    f.rule === query.rule &&
    (query.run === undefined || f.runId === query.run) &&
    (query.call === undefined || f.toolCallId === query.call)
  );
}

export function describeQuery(query: FindingQuery): string {
  if (typeof query === 'string') return query;
  const narrowed = [
    query.run !== undefined ? `run ${query.run}` : '',
    query.call !== undefined ? `call ${query.call}` : '',
  ]
    .filter((p) => p !== '')
    .join(', ');
  return narrowed === '' ? query.rule : `${query.rule} (${narrowed})`;
}

/** The findings as the policy sees them (rule settings applied), in stream order. */
export function judgedFindings(findings: readonly Finding[], policy: AguiPolicy): Finding[] {
  return applyRuleSettings(findings, new Map(Object.entries(policy.rules ?? {})));
}

/** The findings that fail under the policy, in stream order. */
export function failingFindings(findings: readonly Finding[], policy: AguiPolicy): Finding[] {
  const failOn = policy.failOn ?? 'error';
  const allow = policy.allow ?? [];
  return judgedFindings(findings, policy).filter(
    (f) => countFailing([f], failOn, policy.profile) > 0 && !allow.some((q) => matchesFinding(f, q)),
  );
}
