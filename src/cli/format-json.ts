// `--format json`: one JSON object for machines (CI annotations, scripts). Fields that do
// not apply are absent, never null.
import { totals, type FileReport } from './report.js';

export interface JsonFinding {
  readonly rule: string;
  readonly severity: string;
  readonly message: string;
  readonly file: string;
  readonly threadId?: string;
  readonly runId?: string;
  readonly event?: number;
  readonly toolCallId?: string;
}

export function formatJson(reports: readonly FileReport[]): string {
  const findings: JsonFinding[] = reports.flatMap((r) =>
    r.findings.map((f) => ({
      rule: f.rule,
      severity: f.severity,
      message: f.message,
      file: r.file,
      ...(f.threadId !== undefined ? { threadId: f.threadId } : {}),
      ...(f.runId !== undefined ? { runId: f.runId } : {}),
      ...(f.events[0] !== undefined ? { event: f.events[0] } : {}),
      ...(f.toolCallId !== undefined ? { toolCallId: f.toolCallId } : {}),
    })),
  );
  return `${JSON.stringify({ findings, summary: totals(reports) })}\n`;
}
