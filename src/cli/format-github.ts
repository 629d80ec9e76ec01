// `--format github`: GitHub Actions workflow commands, one annotation per finding
// (::error / ::warning / ::notice), then a plain summary line. Values are escaped as the
// runner expects so stream content cannot end a command early or start another.
import type { Severity } from '../core/findings.js';
import { clientVerdict, plural, ruleById } from './core-deps.js';
import { findingPlace, totals, type LintResult } from './report.js';

const COMMAND: Readonly<Record<Severity, string>> = { error: 'error', warning: 'warning', notice: 'notice' };

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatGithub(lint: LintResult): string {
  const lines: string[] = [];
  for (const report of lint.reports) {
    for (const f of report.findings) {
      const rule = ruleById(f.rule);
      const verdict = rule !== undefined && rule.client !== 'no' ? ` (${clientVerdict(rule)})` : '';
      const title = `${f.rule} (${findingPlace(f)})`;
      const line = report.lineOf?.(f);
      lines.push(
        `::${COMMAND[f.severity]} file=${escapeProperty(report.file)}${line !== undefined ? `,line=${line}` : ''},title=${escapeProperty(title)}::${escapeData(`${f.message}${verdict}`)}`,
      );
    }
    // Loader notes ("ignored 3 entries") are log lines, not annotations: GitHub shows at most
    // 10 of each kind per step, and a note must not push a finding out of them.
    for (const note of report.notes ?? []) lines.push(`agui-inspector: note: ${escapeData(note)}`);
  }
  for (const u of lint.unreadable)
    lines.push(
      `::error file=${escapeProperty(u.file)},title=agui-inspector: unreadable input::${escapeData(u.message)}`,
    );
  const t = totals(lint.reports);
  lines.push(
    `agui-inspector: ${plural(t.files, 'file')}, ${plural(t.errors, 'error')}, ${plural(t.warnings, 'warning')}, ${plural(t.notices, 'notice')}`,
  );
  return `${lines.join('\n')}\n`;
}
