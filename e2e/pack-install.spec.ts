// The package as users get it: `npm pack`, installed into an empty project, provides the
// agui-inspector binary and the `agui-inspector/playwright` subpath with types, and the
// fixture works there against the demo app (a clean scenario passes, a violating one
// fails naming the rule). Skipped until package.json exports ./playwright.
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { findChromium } from '../scripts/chromium.js';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  exports?: Record<string, unknown>;
};

function run(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; out: string; stdout: string }> {
  const child = spawn(cmd, args, { cwd, env });
  let out = '';
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => ((out += d.toString()), (stdout += d.toString())));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, out, stdout })));
}

const SPEC = `import { test, expect } from '${pkg.name}/playwright';

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
`;

const TYPED = `import { test, expect, type AguiInspector, type Finding } from '${pkg.name}/playwright';
export async function errors(agui: AguiInspector): Promise<Finding[]> {
  return agui.findings({ minSeverity: 'error' });
}
// Only type-checked (tsc --noEmit), never run: a test body the compiler must accept.
test('types only', async ({ agui }) => {
  await expect(agui).toHaveNoAguiErrors();
});
`;

let server: DemoServer;

test.describe('npm pack, installed into an empty project', () => {
  test.setTimeout(300_000);

  test.beforeAll(async () => {
    server = await startDemoServer({ delayMs: 0 });
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test('provides the binary and a working, typed /playwright fixture', async () => {
    const dir = mkdtempSync(resolve(tmpdir(), 'agui-pack-'));
    const packed = await run('npm', ['pack', '--json', '--pack-destination', dir], root);
    expect(packed.code, packed.out).toBe(0);
    // --json prints the listing last on stdout (a prepack script may print before it).
    const listing = JSON.parse(packed.stdout.slice(packed.stdout.search(/^\[/m))) as { filename: string }[];
    const tarball = resolve(dir, listing[0]!.filename);
    expect(existsSync(tarball)).toBe(true);
    const project = resolve(dir, 'project');
    await run('mkdir', ['-p', project], dir);
    writeFileSync(
      resolve(project, 'package.json'),
      JSON.stringify({ name: 'pack-check', private: true, type: 'module' }),
    );
    const playwrightVersion = (
      JSON.parse(readFileSync(resolve(root, 'node_modules/@playwright/test/package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    const versionOf = (name: string) =>
      (JSON.parse(readFileSync(resolve(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
        .version;
    const tools = ['typescript', '@types/node'].map((name) => `${name}@${versionOf(name)}`);
    const installed = await run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        tarball,
        `@playwright/test@${playwrightVersion}`,
        ...tools,
      ],
      project,
    );
    expect(installed.code, installed.out).toBe(0);

    const version = await run(resolve(project, 'node_modules/.bin/agui-inspector'), ['--version'], project);
    expect(version.out.trim()).toBe(pkg.version);
    const lint = await run(
      resolve(project, 'node_modules/.bin/agui-inspector'),
      ['lint', '--format', 'json', resolve(root, 'test/fixtures/renamed-reopen.sse')],
      project,
    );
    expect(lint.code).toBe(1);
    expect(lint.out).toContain('tool-call/reopen-name-mismatch');

    // The subpath resolves with real types: correct use compiles, a wrong severity does not.
    const tsconfig = (file: string) =>
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          types: ['node'],
          noEmit: true,
          skipLibCheck: true,
        },
        files: [file],
      });
    writeFileSync(resolve(project, 'typed.ts'), TYPED);
    writeFileSync(resolve(project, 'wrong.ts'), TYPED.replace("minSeverity: 'error'", "minSeverity: 'fatal'"));
    writeFileSync(resolve(project, 'tsconfig.json'), tsconfig('typed.ts'));
    writeFileSync(resolve(project, 'tsconfig.wrong.json'), tsconfig('wrong.ts'));
    const tsc = resolve(project, 'node_modules/typescript/bin/tsc');
    const types = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], project);
    expect(types.code, types.out).toBe(0);
    const wrong = await run(process.execPath, [tsc, '-p', 'tsconfig.wrong.json'], project);
    expect(wrong.out).toMatch(/wrong\.ts.*'"fatal"' is not assignable/);

    writeFileSync(resolve(project, 'demo.spec.js'), SPEC);
    writeFileSync(
      resolve(project, 'playwright.config.js'),
      `export default { testDir: '.', testMatch: 'demo.spec.js', workers: 1, use: { launchOptions: { executablePath: ${JSON.stringify(findChromium())} } } };\n`,
    );
    const report = await run(
      process.execPath,
      [resolve(project, 'node_modules/@playwright/test/cli.js'), 'test', '--reporter=json'],
      project,
      { ...process.env, AGUI_DEMO_URL: server.url },
    );
    expect(report.code).toBe(1);
    const json = JSON.parse(report.stdout) as {
      suites: {
        specs: {
          title: string;
          tests: { results: { status: string; errors: { message?: string }[]; attachments: { name: string }[] }[] }[];
        }[];
      }[];
    };
    const results = new Map(json.suites.flatMap((s) => s.specs).map((s) => [s.title, s.tests[0]!.results[0]!]));
    expect(results.get('clean')?.status).toBe('passed');
    expect(results.get('violation')?.status).toBe('failed');
    expect(
      results
        .get('violation')
        ?.errors.map((e) => e.message ?? '')
        .join('\n'),
    ).toContain('tool-call/reopen-name-mismatch');
    expect(results.get('violation')?.attachments.map((a) => a.name)).toContain('agui-session.json');
  });
});
