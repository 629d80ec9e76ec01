// The linter's result for one file, and what every output format shares.
import type { ClientProfile, Finding, Severity } from '../core/findings.js';
import type { LineOf } from './lines.js';
import type { RunRef } from '../core/model/reads.js';

export interface FileReport {
  readonly file: string;
  /** Findings at or above the minimum severity (after rule settings), in the model's order. */
  readonly findings: readonly Finding[];
  /** Findings at or above --fail-on, counted before the display filter. */
  readonly failing?: number;
  /** The runs the file holds (JUnit writes one test case per run). */
  readonly runs?: readonly RunRef[];
  /** streamId → request URL. */
  readonly urls?: ReadonlyMap<string, string>;
  /** What the loader wants the user to know (skipped entries, assumptions). */
  readonly notes?: readonly string[];
  /** The finding's line in the file, when the file is a bare SSE body. */
  readonly lineOf?: LineOf;
  /** Why nothing was checked (a probe step the server did not exercise): JUnit <skipped>. */
  readonly skipped?: string;
  /**
   * Where the findings live when `file` is not a file (a probe step): the script file, if
   * any; SARIF points there with the step as a logical location.
   */
  readonly source?: { readonly uri?: string; readonly step: string };
  /** What the report counts in summaries: files for lint, steps for probe (default file). */
  readonly unit?: 'file' | 'step';
}

/** A file that could not be read or recognised. */
export interface Unreadable {
  readonly file: string;
  readonly message: string;
}

export interface LintResult {
  readonly reports: readonly FileReport[];
  readonly unreadable: readonly Unreadable[];
  readonly failOn: Severity;
  /** --profile: the client whose rejections also fail the lint. */
  readonly profile?: ClientProfile;
  readonly version?: string;
}

export interface Totals {
  readonly files: number;
  readonly errors: number;
  readonly warnings: number;
  readonly notices: number;
}

export { atLeast } from './core-deps.js';

export function totals(reports: readonly FileReport[]): Totals {
  let errors = 0;
  let warnings = 0;
  let notices = 0;
  for (const r of reports) {
    for (const f of r.findings) {
      if (f.severity === 'error') errors++;
      else if (f.severity === 'warning') warnings++;
      else notices++;
    }
  }
  return { files: reports.length, errors, warnings, notices };
}

/** Where a finding sits, for people: "thread T · run R · event N". */
export function findingPlace(f: Finding): string {
  const parts: string[] = [];
  if (f.threadId !== undefined) parts.push(`thread ${f.threadId}`);
  if (f.runId !== undefined) parts.push(`run ${f.runId}`);
  parts.push(f.events[0] !== undefined ? `event ${f.events[0]}` : `stream ${f.streamId}`);
  return parts.join(' · ');
}

/** What a run group in CLI output is keyed and named by. */
export interface RunGroupId {
  readonly streamId: string;
  readonly threadId?: string | undefined;
  readonly runId?: string | undefined;
}

export const runGroupKey = (g: RunGroupId): string => `${g.streamId}\u0000${g.threadId ?? ''}\u0000${g.runId ?? ''}`;

/** Findings by run group, groups in order of first appearance (`runs` first), each with its title. */
export function groupByRun(
  findings: readonly Finding[],
  titles: ReadonlyMap<string, string>,
  runs: readonly RunGroupId[] = [],
): { readonly title: string; readonly findings: Finding[] }[] {
  const byKey = new Map<string, { readonly title: string; readonly findings: Finding[] }>();
  const group = (g: RunGroupId) => {
    const key = runGroupKey(g);
    let found = byKey.get(key);
    if (found === undefined) {
      found = { title: titles.get(key) ?? '', findings: [] };
      byKey.set(key, found);
    }
    return found;
  };
  for (const run of runs) group(run);
  for (const f of findings) group(f).findings.push(f);
  return [...byKey.values()];
}

/**
 * Group titles as the panel names runs: "thread T · run R", with "(2nd with this id)" where
 * the same ids come back in another stream of the file (a retry, a replay), so two groups
 * never read the same. Keyed by runGroupKey; `wrap` escapes ids for the output format.
 */
export function runGroupTitles(
  groups: readonly RunGroupId[],
  wrap: (text: string) => string = (t) => t,
): Map<string, string> {
  const out = new Map<string, string>();
  const totals = new Map<string, number>();
  const ids = (g: RunGroupId): string => `${g.threadId ?? ''}\u0000${g.runId ?? ''}`;
  const unique = new Map<string, RunGroupId>();
  for (const g of groups) if (!unique.has(runGroupKey(g))) unique.set(runGroupKey(g), g);
  for (const g of unique.values()) totals.set(ids(g), (totals.get(ids(g)) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const [key, g] of unique) {
    if (g.threadId === undefined && g.runId === undefined) {
      out.set(key, `stream ${wrap(g.streamId)}`);
      continue;
    }
    const base = `thread ${wrap(g.threadId ?? '?')} · run ${wrap(g.runId ?? '?')}`;
    if ((totals.get(ids(g)) ?? 0) < 2) {
      out.set(key, base);
      continue;
    }
    const n = (seen.get(ids(g)) ?? 0) + 1;
    seen.set(ids(g), n);
    out.set(key, `${base} (${ordinal(n)} with this id)`);
  }
  return out;
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
