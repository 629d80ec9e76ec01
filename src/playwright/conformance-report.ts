// The conformance results as CI keeps them: JUnit XML (one test case per conformance case,
// named by its stable id so history follows it) and an HTML page "your app vs the official
// client". Everything from the app (error messages, console text) is escaped: it is
// untrusted text.
import type { CaseResult } from './conformance.js';

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** XML 1.0 forbids most control characters even escaped: they are dropped. */
const isXmlChar = (ch: string): boolean => {
  const code = ch.charCodeAt(0);
  return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
};
const escape = (text: string): string =>
  [...text]
    .filter(isXmlChar)
    .join('')
    .replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);

export function conformanceJunit(results: readonly CaseResult[], suite = 'agui client conformance'): string {
  const failures = results.filter((r) => r.problems.length > 0).length;
  const cases = results.map((r) => {
    const body =
      r.problems.length > 0
        ? `<failure message="${escape(r.problems.join('; '))}">${escape(
            [
              ...r.problems,
              `a good client: ${r.goodClient}`,
              `the official client: ${r.official}`,
              ...r.consoleErrors.map((e) => `console: ${e}`),
            ].join('\n'),
          )}</failure>`
        : '';
    return `    <testcase classname="${escape(suite)}" name="${escape(r.id)}">${body}</testcase>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n  <testsuite name="${escape(suite)}" tests="${results.length}" failures="${failures}">\n${cases.join('')}  </testsuite>\n</testsuites>\n`;
}

export function conformanceHtml(results: readonly CaseResult[]): string {
  const passed = results.filter((r) => r.problems.length === 0).length;
  const rows = results.map(
    (r) =>
      `<tr class="${r.problems.length === 0 ? 'pass' : 'fail'}"><td><code>${escape(r.id)}</code><br>${escape(r.title)}</td>` +
      `<td>${escape(r.official)}</td><td>${escape(r.request)}${r.followUps > 0 ? ` (+${r.followUps} follow-up)` : ''}</td>` +
      `<td>${r.problems.length === 0 ? 'pass' : escape(r.problems.join('; '))}</td><td>${escape(r.goodClient)}</td></tr>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Your app vs the official client</title>
<style>body{font:14px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:4px 6px;vertical-align:top;text-align:left}tr.fail td:nth-child(4){color:#b00020}tr.pass td:nth-child(4){color:#11663a}</style>
</head><body><h1>Your app vs the official client</h1>
<p>${passed} of ${results.length} conformance cases passed.</p>
<table><thead><tr><th>case</th><th>the official client</th><th>your app's request</th><th>your app</th><th>a good client</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></body></html>
`;
}
