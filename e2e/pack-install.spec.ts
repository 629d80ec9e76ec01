// The package as users get it: `npm pack`, installed into an empty project, provides the
// agui-inspector binary and the `agui-inspector/playwright` subpath with types, and the
// fixture works there against the demo app (a clean scenario passes, a violating one
// fails naming the rule, an assertion made while the run streams waits for it), in a
// default CommonJS project (`npm init -y`) and in an ES module one.
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { findChromium } from '../harness/chromium.js';

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

/** The user's spec, as docs/playwright.md writes it; `.ts`, so Playwright compiles it as the project says (CommonJS or ESM). */
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

test('early assertion', async ({ page, agui }) => {
  await page.goto(DEMO);
  await page.selectOption('#scenario', 'reopen-renamed');
  await page.click('#run');
  // Right after the click, the run still streaming: the assertion waits for it to end.
  await expect(agui).toHaveNoAguiErrors({ timeout: 30_000 });
});
`;

const TYPED = `import { test, expect, type AguiInspector, type Finding } from '${pkg.name}/playwright';
import { createInspector, type Inspector } from '${pkg.name}';
export async function errors(agui: AguiInspector): Promise<Finding[]> {
  return agui.findings({ minSeverity: 'error' });
}
export const inspector: Inspector = createInspector();
// Only type-checked (tsc --noEmit), never run: a test body the compiler must accept.
test('types only', async ({ agui }) => {
  await expect(agui).toHaveNoAguiErrors();
  const runs = await agui.waitForRuns({ count: 1, idleMs: 100 });
  runs.map((r) => r.runId);
});
`;

/** The core API, loaded the project's own way. */
const API = {
  commonjs: `const { createInspector, RULES } = require('${pkg.name}');
if (typeof createInspector().appendBytes !== 'function' || RULES.length < 50) process.exit(1);
require('${pkg.name}/playwright');
console.log('api ok');
`,
  module: `import { createInspector, RULES } from '${pkg.name}';
import '${pkg.name}/playwright';
if (typeof createInspector().appendBytes !== 'function' || RULES.length < 50) process.exit(1);
console.log('api ok');
`,
} as const;

let server: DemoServer;
let tarball = '';
let dir = '';

interface JsonReport {
  suites: {
    specs: {
      title: string;
      tests: { results: { status: string; errors: { message?: string }[]; attachments: { name: string }[] }[] }[];
    }[];
  }[];
}

const versionOf = (name: string) =>
  (JSON.parse(readFileSync(resolve(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;

test.describe('npm pack, installed into an empty project', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(300_000);

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    // Streams slowly enough that a run is still in flight when the early assertion starts.
    server = await startDemoServer({ delayMs: 40 });
    dir = mkdtempSync(resolve(tmpdir(), 'agui-pack-'));
    // The global setup built this checkout: prepack would only build it again.
    const packed = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], root);
    expect(packed.code, packed.out).toBe(0);
    // --json prints the listing last on stdout (a prepack script may print before it).
    const listing = JSON.parse(packed.stdout.slice(packed.stdout.search(/^\[/m))) as { filename: string }[];
    tarball = resolve(dir, listing[0]!.filename);
    expect(existsSync(tarball)).toBe(true);
  });
  test.afterAll(async () => {
    await server?.close();
  });

  for (const kind of ['commonjs', 'module'] as const) {
    test(`a default ${kind} project gets the binary and a working, typed /playwright fixture`, async () => {
      const project = resolve(dir, kind);
      mkdirSync(project);
      // `npm init -y` writes "type": "commonjs": the project a new user starts from.
      const init = await run('npm', ['init', '-y'], project);
      expect(init.code, init.out).toBe(0);
      if (kind === 'module') {
        const manifest = JSON.parse(readFileSync(resolve(project, 'package.json'), 'utf8')) as Record<string, unknown>;
        writeFileSync(resolve(project, 'package.json'), JSON.stringify({ ...manifest, type: 'module' }));
      }
      const tools = ['@playwright/test', 'typescript', '@types/node'].map((name) => `${name}@${versionOf(name)}`);
      const installed = await run(
        'npm',
        ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball, ...tools],
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
      writeFileSync(resolve(project, 'api.js'), API[kind]);
      const api = await run(process.execPath, ['api.js'], project);
      expect(api.out.trim()).toBe('api ok');

      // Both subpaths resolve with real types the project's way: correct use compiles, a wrong severity does not.
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

      writeFileSync(resolve(project, 'demo.spec.ts'), SPEC);
      const config = `{ testDir: '.', testMatch: 'demo.spec.ts', workers: 1, use: { launchOptions: { executablePath: ${JSON.stringify(findChromium())} } } }`;
      writeFileSync(
        resolve(project, 'playwright.config.js'),
        kind === 'module' ? `export default ${config};\n` : `module.exports = ${config};\n`,
      );
      const report = await run(
        process.execPath,
        [resolve(project, 'node_modules/@playwright/test/cli.js'), 'test', '--reporter=json'],
        project,
        { ...process.env, AGUI_DEMO_URL: server.url },
      );
      expect(report.code, report.out.slice(-2000)).toBe(1);
      const json = JSON.parse(report.stdout) as JsonReport;
      const results = new Map(json.suites.flatMap((s) => s.specs).map((s) => [s.title, s.tests[0]!.results[0]!]));
      const messages = (title: string) =>
        results
          .get(title)
          ?.errors.map((e) => e.message ?? '')
          .join('\n');
      expect(results.get('clean')?.status).toBe('passed');
      expect(results.get('violation')?.status).toBe('failed');
      expect(messages('violation')).toContain('tool-call/reopen-name-mismatch');
      expect(results.get('violation')?.attachments.map((a) => a.name)).toContain('agui-session.json');
      expect(results.get('early assertion')?.status).toBe('failed');
      expect(messages('early assertion')).toContain('tool-call/reopen-name-mismatch');
    });
  }
});
