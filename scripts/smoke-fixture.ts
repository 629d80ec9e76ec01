// Part of `scripts/smoke-package.sh`: in the empty project where the packed tarball was
// installed, the user's spec as docs/playwright.md writes it runs under the project's own
// Playwright against the demo app — once as `demo.spec.ts` (compiled the project's way: a
// default `npm init -y` project is CommonJS) and once as `demo.spec.mts` (an ES module). A
// clean scenario passes, a violating one fails naming the rule with the session attached, and
// an assertion made while the run streams waits for its end. Exit 0 when all of that holds.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startDemoServer } from '../demo/server.js';
import { findHeadlessShell } from '../harness/chromium.js';

const project = process.argv[2];
if (!project) throw new Error('usage: smoke-fixture.ts PROJECT_DIR');

const SPEC = `import { test, expect } from 'agui-inspector/playwright';

const DEMO = process.env.AGUI_DEMO_URL ?? '';

async function runScenario(page, name) {
  await page.goto(DEMO);
  await page.selectOption('#scenario', name);
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', /^(done|error)$/, { timeout: 30_000 });
}

test('clean', async ({ page, agui }) => {
  await runScenario(page, 'backend-tool');
  await expect(agui).toHaveNoAguiErrors();
});

test('violation', async ({ page, agui }) => {
  await runScenario(page, 'reopen-renamed');
  await expect(agui).toHaveNoAguiErrors();
});

test('early assertion', async ({ page, agui }) => {
  await page.goto(DEMO);
  await page.selectOption('#scenario', 'reopen-renamed');
  await page.click('#run');
  // Right after the click, the run still streaming: the assertion waits for it to end.
  await expect(agui).toHaveNoAguiErrors({ timeout: 30_000 });
});
`;

interface JsonReport {
  suites: {
    file: string;
    specs: {
      title: string;
      tests: { results: { status: string; errors: { message?: string }[]; attachments: { name: string }[] }[] }[];
    }[];
  }[];
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(cmd, args, { cwd: project, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, stdout })));
}

writeFileSync(resolve(project, 'demo.spec.ts'), SPEC);
writeFileSync(resolve(project, 'demo.spec.mts'), SPEC);
writeFileSync(
  resolve(project, 'playwright.config.js'),
  `module.exports = { testDir: '.', testMatch: /demo\\.spec\\.m?ts$/, workers: 1, use: { launchOptions: { executablePath: ${JSON.stringify(findHeadlessShell())} } } };\n`,
);

// Streams slowly enough that a run is still in flight when the early assertion starts.
const demo = await startDemoServer({ delayMs: 40 });
const problems: string[] = [];
try {
  const report = await run(
    process.execPath,
    [resolve(project, 'node_modules/@playwright/test/cli.js'), 'test', '--reporter=json'],
    { ...process.env, AGUI_DEMO_URL: demo.url },
  );
  if (report.code !== 1) problems.push(`the project's Playwright exited ${report.code}, expected 1 (two tests fail)`);
  const json = JSON.parse(report.stdout) as JsonReport;
  for (const file of ['demo.spec.ts', 'demo.spec.mts']) {
    const specs = json.suites.find((s) => s.file === file)?.specs ?? [];
    const result = (title: string) => specs.find((s) => s.title === title)?.tests[0]?.results[0];
    const messages = (title: string) => (result(title)?.errors ?? []).map((e) => e.message ?? '').join('\n');
    const expectations: [string, boolean][] = [
      ['the clean scenario passes', result('clean')?.status === 'passed'],
      ['the violation fails', result('violation')?.status === 'failed'],
      ['the violation names its rule', messages('violation').includes('tool-call/reopen-name-mismatch')],
      [
        'the violation attaches the session',
        (result('violation')?.attachments ?? []).some((a) => a.name === 'agui-session.json'),
      ],
      ['the early assertion waits for the run and fails', result('early assertion')?.status === 'failed'],
      ['the early assertion names the rule', messages('early assertion').includes('tool-call/reopen-name-mismatch')],
    ];
    for (const [what, held] of expectations) {
      if (held) console.log(`smoke-fixture: ok ${file}: ${what}`);
      else problems.push(`${file}: ${what}: no\n${messages('clean')}${messages('violation')}`);
    }
  }
} finally {
  await demo.close();
}
if (problems.length > 0) {
  console.error(`smoke-fixture:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
