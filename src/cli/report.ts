// The linter's result for one file, and what both output formats share.
import type { Finding, Severity } from '../core/findings.js';

export interface FileReport {
  readonly file: string;
  /** Findings at or above the minimum severity, in the model's order. */
  readonly findings: readonly Finding[];
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
