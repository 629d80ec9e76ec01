// Every e2e spec runs in exactly one stage of `npm test`: the Chromium suite, the timing
// project or the Firefox config. Asked of Playwright itself (`--list`), since a config that
// spreads another inherits its projects, and those replace a top-level testMatch: the
// Firefox stage once ran the timing tests in Chromium and no Firefox test at all.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const run = promisify(execFile);

interface ListedSuite {
  readonly file: string;
  readonly specs: readonly { readonly tests: readonly { readonly projectName: string }[] }[];
  readonly suites?: readonly ListedSuite[];
}

/** "project › file" for every test the config would run. */
async function listed(config: string): Promise<Map<string, Set<string>>> {
  const { stdout } = await run(
    resolve(root, 'node_modules/.bin/playwright'),
    ['test', '-c', config, '--list', '--reporter=json'],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 },
  );
  const byFile = new Map<string, Set<string>>();
  const visit = (suite: ListedSuite): void => {
    for (const spec of suite.specs)
      for (const test of spec.tests) {
        const projects = byFile.get(suite.file) ?? new Set<string>();
        projects.add(`${config}:${test.projectName}`);
        byFile.set(suite.file, projects);
      }
    suite.suites?.forEach(visit);
  };
  (JSON.parse(stdout) as { suites: ListedSuite[] }).suites.forEach(visit);
  return byFile;
}

describe('e2e stages', () => {
  it('run every spec file once, Firefox in Firefox and the timing files alone', async () => {
    const [chromium, firefox] = await Promise.all([
      listed('playwright.config.ts'),
      listed('playwright.firefox.config.ts'),
    ]);
    const stages = new Map<string, string[]>();
    for (const listing of [chromium, firefox])
      for (const [file, projects] of listing) stages.set(file, [...(stages.get(file) ?? []), ...projects]);

    const specs = readdirSync(resolve(root, 'e2e')).filter((f) => f.endsWith('.spec.ts'));
    for (const spec of specs) expect(stages.get(spec), spec).toHaveLength(1);
    expect(stages.get('capture-firefox.spec.ts')).toEqual(['playwright.firefox.config.ts:firefox']);
    expect(stages.get('playwright-timeout.spec.ts')).toEqual(['playwright.config.ts:timing']);
    expect(stages.get('panel-views.spec.ts')).toEqual(['playwright.config.ts:chromium']);
  }, 60_000);

  // Playwright restarts a worker (a Node process and its browsers) to run a file whose
  // worker-scoped fixture registrations differ from the last one's (docs/architecture.md,
  // "Testing in real Chromium"): every Chromium spec takes them from e2e/worker-fixtures.ts.
  it('give every Chromium spec the same worker fixtures, so a worker never restarts between files', () => {
    const TIERS = new Set(['./fixtures.js', './harness-fixtures.js', './worker-fixtures.js']);
    const specs = readdirSync(resolve(root, 'e2e')).filter((f) => f.endsWith('.spec.ts') && !f.includes('firefox'));
    const astray = specs.flatMap((spec) => {
      const text = readFileSync(resolve(root, 'e2e', spec), 'utf8');
      const from = /^import \{[^}]*\btest\b[^}]*\} from '([^']+)';$/m.exec(text)?.[1];
      const problems: string[] = [];
      if (!from || !TIERS.has(from)) problems.push(`${spec}: imports test from ${from ?? 'nowhere'}`);
      if (/scope: 'worker'/.test(text)) problems.push(`${spec}: declares a worker fixture`);
      if (/test\.use\(\{[^}]*\b(launchOptions|browserName|channel|headless)\b/.test(text))
        problems.push(`${spec}: sets a worker option in test.use()`);
      return problems;
    });
    expect(astray).toEqual([]);
    expect(specs.length).toBeGreaterThan(40);
  });
});
