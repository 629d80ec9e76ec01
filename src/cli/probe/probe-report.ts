// Probe results in the linter's report shape, one "file" per step, so the output
// formats (text, json, junit, sarif, github) and --fail-on work as for `lint`.
import type { ClientProfile, Severity } from '../../core/findings.js';
import { applyRuleSettings, countFailing, withoutIgnoredUrls } from '../core-deps.js';
import type { RuleSetting } from '../lint/settings.js';
import { atLeast, type FileReport } from '../report.js';
import type { StepResult } from './runner.js';

export interface ReportSettings {
  readonly minSeverity: Severity;
  readonly failOn: Severity;
  readonly rules: ReadonlyMap<string, RuleSetting>;
  /** The config file's: findings of answers from these URLs are not judged. */
  readonly ignoreUrls?: readonly string[];
  readonly profile?: ClientProfile;
  /** The script file the steps come from (absent: the built-in script). */
  readonly scriptFile?: string;
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
  const urls = new Map(result.records.map((r) => [r.streamId, r.url]));
  const all = applyRuleSettings(withoutIgnoredUrls(result.findings, urls, s.ignoreUrls ?? []), s.rules);
  const failing = countFailing(all, s.failOn, s.profile);
  const idle = all.find((f) => f.rule === 'probe/not-exercised');
  const verdict: StepVerdict = failing > 0 ? 'failed' : idle !== undefined ? 'not exercised' : 'passed';
  const report: FileReport = {
    file: result.step.name,
    findings: all.filter((f) => atLeast(f.severity, s.minSeverity)),
    failing,
    runs: result.runs,
    urls,
    notes: [],
    unit: 'step',
    source: { step: result.step.name, ...(s.scriptFile !== undefined ? { uri: s.scriptFile } : {}) },
    ...(verdict === 'not exercised' && idle !== undefined ? { skipped: idle.message } : {}),
  };
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
    ...(result.timing !== undefined ? { timing: result.timing } : {}),
  }));
}
