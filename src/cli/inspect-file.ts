// The CLI's use of the core: one file through the whole pipeline, then its lint report.
import type { ClientProfile, Severity } from '../core/findings.js';
import type { SessionModel } from '../core/model/types.js';
import type { BodilessRequest } from '../core/io/types.js';
import { bodilessFindings, bodilessStreamId, findingsOf, runsOf, streamUrls, withoutIgnoredUrls } from './core-deps.js';
import { applyRuleSettings, countFailing } from './core-deps.js';
import type { LineOf } from './lines.js';
import type { RuleSetting } from './lint/settings.js';
import { atLeast, type FileReport } from './report.js';

export interface ReportOptions {
  readonly minSeverity: Severity;
  readonly failOn?: Severity;
  /** A finding at which this client rejects the stream fails the lint whatever its severity. */
  readonly profile?: ClientProfile;
  readonly rules?: ReadonlyMap<string, RuleSetting>;
  readonly notes?: readonly string[];
  readonly lineOf?: LineOf;
  /** The config file's ignoreUrls: findings of streams to these URLs are not reported. */
  readonly ignoreUrls?: readonly string[];
  /** A HAR's event-stream entries without a body: each a finding of the file. */
  readonly bodiless?: readonly BodilessRequest[];
}

export function reportFor(file: string, model: SessionModel, o: ReportOptions): FileReport {
  const bodiless = o.bodiless ?? [];
  const urls = new Map(streamUrls(model));
  bodiless.forEach((b, i) => urls.set(bodilessStreamId(i), b.url));
  const found = withoutIgnoredUrls([...findingsOf(model), ...bodilessFindings(bodiless)], urls, o.ignoreUrls ?? []);
  const all = applyRuleSettings(found, o.rules ?? new Map());
  return {
    file,
    findings: all.filter((f) => atLeast(f.severity, o.minSeverity)),
    failing: countFailing(all, o.failOn ?? 'error', o.profile),
    runs: runsOf(model),
    urls,
    notes: o.notes ?? [],
    ...(o.lineOf !== undefined ? { lineOf: o.lineOf } : {}),
  };
}
