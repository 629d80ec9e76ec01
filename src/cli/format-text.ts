// Text output in the style of ESLint's "stylish" formatter: a header per file, a
// sub-header per run, aligned finding lines, one summary line. Pure: colour is a flag.
import type { Finding, Severity } from '../core/findings.js';
import { plural } from './core-deps.js';
import { groupByRun, runGroupTitles, totals, type FileReport } from './report.js';

export interface TextOptions {
  readonly color: boolean;
  /** The output's width (terminal or COLUMNS): the message column is not padded past it. */
  readonly columns?: number;
}

/** When the width is unknown (a pipe, a CI log without COLUMNS): a terminal's classic width. */
export const DEFAULT_COLUMNS = 80;

/** The width text output fits: the terminal's, else a valid COLUMNS, else undefined. */
export function outputColumns(
  tty: { isTTY?: boolean; columns?: number },
  columnsEnv: string | undefined,
): number | undefined {
  if (tty.isTTY === true && tty.columns !== undefined && tty.columns > 0) return tty.columns;
  const fromEnv = Number(columnsEnv);
  return columnsEnv !== undefined && /^\d+$/.test(columnsEnv.trim()) && fromEnv > 0 ? fromEnv : undefined;
}

type Paint = (code: string, text: string) => string;

const SEVERITY_COLOR: Readonly<Record<Severity, string>> = { error: '31', warning: '33', notice: '36' };

/**
 * Messages quote stream content, which is untrusted: control characters (terminal
 * escapes, newlines) and bidi overrides are shown escaped, never interpreted.
 */
export function inert(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\t') return '\\t';
    if (c === '\r') return '\\r';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** Findings grouped by stream and run, groups in order of first appearance. */
function groups(findings: readonly Finding[]): { title: string; items: Finding[] }[] {
  const first = (f: Finding) => f.events[0] ?? -1;
  // Within a run, in stream order (as ESLint sorts by line); sort() is stable.
  return groupByRun(findings, runGroupTitles(findings, inert)).map((g) => ({
    title: g.title,
    items: g.findings.sort((a, b) => first(a) - first(b)),
  }));
}

interface Row {
  readonly where: string;
  readonly severity: Severity;
  readonly message: string;
  readonly rule: string;
}

function toRow(f: Finding): Row {
  return {
    where: f.events[0] !== undefined ? `event ${f.events[0]}` : 'stream',
    severity: f.severity,
    message: inert(f.message),
    rule: f.rule,
  };
}

function fileBlock(report: FileReport, paint: Paint, columns: number): string[] {
  if (report.findings.length === 0) return [];
  const rows = report.findings.map(toRow);
  // Columns align across the whole file, as in ESLint's stylish output.
  const width = (pick: (r: Row) => string) => Math.max(...rows.map((r) => pick(r).length));
  const w = { where: width((r) => r.where), severity: width((r) => r.severity), rule: width((r) => r.rule) };
  // Pad messages so rule ids line up, but only as far as the line still fits the terminal.
  const fixed = 4 + w.where + 2 + w.severity + 2 + 2 + w.rule;
  const messageWidth = Math.min(
    width((r) => r.message),
    Math.max(0, columns - fixed),
  );
  const lines = [paint('4', inert(report.file))];
  for (const group of groups(report.findings)) {
    lines.push(`  ${paint('1', group.title)}`);
    for (const row of group.items.map(toRow)) {
      const where = paint('2', row.where.padEnd(w.where));
      const severity = paint(SEVERITY_COLOR[row.severity], row.severity.padEnd(w.severity));
      lines.push(`    ${where}  ${severity}  ${row.message.padEnd(messageWidth)}  ${paint('2', row.rule)}`);
    }
  }
  lines.push('');
  return lines;
}

/** The line a run with nothing to show prints: never silence, and never "0" when some fail unseen. */
function clean(reports: readonly FileReport[], paint: Paint): string {
  // A probe's reports are its steps: "✔ 2 steps", not "2 files".
  const files = plural(reports.length, reports[0]?.unit ?? 'file');
  const failing = reports.reduce((n, r) => n + (r.failing ?? 0), 0);
  if (failing > 0)
    return paint(
      '1;31',
      `✖ ${files}, 0 findings shown; ${plural(failing, 'failing finding')} hidden by --min-severity`,
    );
  return paint('1;32', `✔ ${files}, 0 findings`);
}

export function formatText(reports: readonly FileReport[], options: TextOptions): string {
  const paint: Paint = options.color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
  const lines = reports.flatMap((r) => fileBlock(r, paint, options.columns ?? DEFAULT_COLUMNS));
  const t = totals(reports);
  const problems = t.errors + t.warnings + t.notices;
  // A clean run still says what it read, so "nothing printed" never means "nothing checked".
  if (problems === 0) return reports.length === 0 ? '' : `${clean(reports, paint)}\n`;
  const summary = `✖ ${plural(problems, 'problem')} (${plural(t.errors, 'error')}, ${plural(t.warnings, 'warning')}, ${plural(t.notices, 'notice')})`;
  const tone = t.errors > 0 ? '1;31' : t.warnings > 0 ? '1;33' : '1;36';
  lines.push(paint(tone, summary), '');
  return lines.join('\n');
}
