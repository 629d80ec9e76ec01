// Probe results in the linter's report shape, one "file" per step, so the output
// formats (text, json, junit, sarif, github) and --fail-on work as for `lint`.
import type { Severity } from '../../core/findings.js';
import { applyRuleSettings, countFailing } from '../core-deps.js';
import type { RuleSetting } from '../lint/settings.js';
import { atLeast, type FileReport } from '../report.js';
import type { StepResult } from './runner.js';

export interface ReportSettings {
  readonly minSeverity: Severity;
  readonly failOn: Severity;
  readonly rules: ReadonlyMap<string, RuleSetting>;
}

export type StepVerdict = 'passed' | 'failed' | 'not exercised';

export interface StepSummary {
  readonly result: StepResult;
  readonly report: FileReport;
  readonly verdict: StepVerdict;
  /** Rule ids of the findings at or above --fail-on. */
  readonly failingRules: readonly string[];
}

export function summarizeStep(result: StepResult, s: ReportSettings): StepSummary {
  const all = applyRuleSettings(result.findings, s.rules);
  const report: FileReport = {
    file: result.step.name,
    findings: all.filter((f) => atLeast(f.severity, s.minSeverity)),
    failing: countFailing(all, s.failOn),
    runs: result.runs,
    urls: new Map(result.records.map((r) => [r.streamId, r.url])),
    notes: [],
  };
  const verdict: StepVerdict =
    (report.failing ?? 0) > 0
      ? 'failed'
      : all.some((f) => f.rule === 'probe/not-exercised')
        ? 'not exercised'
        : 'passed';
  const failingRules = [...new Set(all.filter((f) => atLeast(f.severity, s.failOn)).map((f) => f.rule))];
  return { result, report, verdict, failingRules };
}

/** The `steps` block the json format adds to lint's object. */
export function stepsJson(summaries: readonly StepSummary[]): unknown[] {
  return summaries.map(({ result, report, verdict }) => ({
    name: result.step.name,
    kind: result.step.kind,
    verdict,
    failing: report.failing ?? 0,
    requests: result.records.length,
    ms: result.ms,
    notes: result.notes,
  }));
}
