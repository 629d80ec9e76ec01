// `--format junit`: JUnit XML, as CI test reporters read it. One test suite per file (a
// probe step), one test case per run named by its place ("run 2": ids change with every
// recording, and CI history follows a test by name), plus one per stream for findings
// outside any run, and one for a file with neither; a case fails when it has findings at or
// above --fail-on, and is <skipped> when the report says so (a probe step not exercised).
// The run's ids and lesser findings go to the case's system-out. Unreadable files are
// suites with an <error>.
import type { Finding } from '../core/findings.js';
import { clientVerdict, ruleById } from './core-deps.js';
import { atLeast, findingPlace, groupByRun, runGroupTitles, type FileReport, type LintResult } from './report.js';

/** XML 1.0 text: markup escaped, characters XML cannot carry shown as \uXXXX. */
export function xmlText(text: string): string {
  return text
    .replace(
      // eslint-disable-next-line no-control-regex -- characters XML 1.0 forbids
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

interface Case {
  /** Stable from one recording to the next ("run 2"): CI history follows a test by name. */
  readonly name: string;
  /** The ids this recording gave the run (they change every time): in system-out. */
  readonly ids?: string;
  readonly findings: Finding[];
}

function cases(report: FileReport): Case[] {
  const titles = runGroupTitles([...(report.runs ?? []), ...report.findings]);
  const groups = groupByRun(report.findings, titles, report.runs ?? []);
  if (groups.length === 0) return [{ name: report.file, findings: [] }];
  let runs = 0;
  let streams = 0;
  return groups.map((g) => {
    const inRun = !g.title.startsWith('stream ');
    const name = inRun ? `run ${++runs}` : `outside runs ${++streams}`;
    return { name, ids: g.title, findings: g.findings };
  });
}

function findingLine(f: Finding): string {
  const rule = ruleById(f.rule);
  return `${f.severity} ${f.rule} at ${findingPlace(f)}: ${f.message}${rule !== undefined ? ` (${clientVerdict(rule)})` : ''}`;
}

function caseXml(
  file: string,
  c: Case,
  lint: LintResult,
  skipped: string | undefined,
): { xml: string; failed: boolean; skipped: boolean } {
  const failing = c.findings.filter((f) => atLeast(f.severity, lint.failOn));
  const rest = c.findings.filter((f) => !atLeast(f.severity, lint.failOn));
  const lines = [`    <testcase classname="${xmlText(file)}" name="${xmlText(c.name)}">`];
  if (skipped !== undefined && failing.length === 0) lines.push(`      <skipped message="${xmlText(skipped)}"/>`);
  if (failing.length > 0) {
    const rules = [...new Set(failing.map((f) => f.rule))].join(', ');
    const message = `${failing.length} finding${failing.length === 1 ? '' : 's'} at or above ${lint.failOn}: ${rules}`;
    lines.push(
      `      <failure message="${xmlText(message)}" type="${xmlText(failing[0]!.rule)}">${xmlText(failing.map(findingLine).join('\n'))}</failure>`,
    );
  }
  const out = [...(c.ids !== undefined ? [c.ids] : []), ...rest.map(findingLine)];
  if (out.length > 0) lines.push(`      <system-out>${xmlText(out.join('\n'))}</system-out>`);
  lines.push('    </testcase>');
  return { xml: lines.join('\n'), failed: failing.length > 0, skipped: skipped !== undefined && failing.length === 0 };
}

export function formatJunit(lint: LintResult): string {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  for (const report of lint.reports) {
    const built = cases(report).map((c) => caseXml(report.file, c, lint, report.skipped));
    const failed = built.filter((b) => b.failed).length;
    const skipped = built.filter((b) => b.skipped).length;
    tests += built.length;
    failures += failed;
    suites.push(
      `  <testsuite name="${xmlText(report.file)}" tests="${built.length}" failures="${failed}" errors="0" skipped="${skipped}">\n${built.map((b) => b.xml).join('\n')}\n  </testsuite>`,
    );
  }
  for (const u of lint.unreadable) {
    tests += 1;
    suites.push(
      `  <testsuite name="${xmlText(u.file)}" tests="1" failures="0" errors="1" skipped="0">\n    <testcase classname="${xmlText(u.file)}" name="${xmlText(u.file)}">\n      <error message="${xmlText(u.message)}" type="unreadable"/>\n    </testcase>\n  </testsuite>`,
    );
  }
  const head = `<testsuites name="agui-inspector" tests="${tests}" failures="${failures}" errors="${lint.unreadable.length}">`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${head}\n${suites.join('\n')}\n</testsuites>\n`;
}
