// The conformance report as CI reads it: JUnit XML that parses with app text in it, and an
// HTML page where the app's text stays text.
import { describe, expect, it } from 'vitest';
import { conformanceHtml, conformanceJunit } from './conformance-report.js';
import type { CaseResult } from './conformance.js';

const result = (id: string, problems: string[], consoleErrors: string[] = []): CaseResult => ({
  id,
  title: `title of ${id}`,
  goodClient: 'Shows the error',
  official: 'failed ("500")',
  request: 'read to the end',
  followUps: 0,
  pageErrors: [],
  consoleErrors,
  settled: true,
  showedError: false,
  problems,
});

describe('conformance reports', () => {
  const hostile = 'uncaught: <img src=x onerror=alert(1)> & "quotes"\u0000\u001b';
  const results = [result('frameworks/http-500', [hostile], ['console <b>']), result('frameworks/chunk-events', [])];

  it('JUnit: one test case per case named by its id, failures with the problems, control characters dropped', () => {
    const xml = conformanceJunit(results);
    expect(xml).toContain('tests="2" failures="1"');
    expect(xml).toContain('<testcase classname="agui client conformance" name="frameworks/chunk-events"></testcase>');
    expect(xml).toContain('uncaught: &lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(xml.includes('\u0000') || xml.includes('\u001b')).toBe(false);
    expect(xml).toContain('console: console &lt;b&gt;');
  });

  it("HTML: the app's text escaped, a pass and a fail row, the count of passes", () => {
    const html = conformanceHtml(results);
    expect(html).toContain('1 of 2 conformance cases passed.');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html.match(/<tr class="fail">/g)).toHaveLength(1);
    expect(html.match(/<tr class="pass">/g)).toHaveLength(1);
  });
});
