// The linter's result for one file, and what every output format shares.
import type { ClientProfile, Finding, Severity } from '../core/findings.js';
import type { LineOf } from './lines.js';
import type { RunRef } from './model-reads.js';

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

const RANK: Readonly<Record<Severity, number>> = { error: 3, warning: 2, notice: 1 };

export function atLeast(severity: Severity, min: Severity): boolean {
  return RANK[severity] >= RANK[min];
}

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
