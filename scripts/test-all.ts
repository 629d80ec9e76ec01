// `npm test`: the one command that runs everything — lint, typecheck, the build, unit tests
// (the CLI's subprocess tests need the build), the Firefox build with web-ext lint, the
// Playwright e2e suite in real Chromium and the capture e2e tests in real Firefox (firefox-esr
// over WebDriver BiDi, playwright.firefox.config.ts) — and ends with the plain "N passed, N failed" line
// CI reads. Stops at the first failing stage, loudly. A skipped test, or a suite that ran
// no test, fails its stage: nothing may silently not run.
import { spawn } from 'node:child_process';

interface Stage {
  readonly name: string;
  readonly cmd: string;
  readonly args: readonly string[];
  /** Extracts the counts from the stage's output, when it counts tests. */
  readonly count?: (out: string) => Counts | undefined;
}

interface Counts {
  readonly passed: number;
  readonly failed: number;
  /** Skipped or todo: fails the stage. */
  readonly skipped: number;
}

const vitestCount = (out: string): Counts | undefined => {
  const line = /Tests\s+(.*)\(\d+\)/.exec(out.replace(new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g'), ''));
  if (!line?.[1]) return undefined;
  const n = (word: string): number => Number(new RegExp(`(\\d+) ${word}`).exec(line[1] ?? '')?.[1] ?? 0);
  return { passed: n('passed'), failed: n('failed'), skipped: n('skipped') + n('todo') };
};
const e2eCount = (out: string): Counts | undefined => {
  const m = /e2e: (\d+) passed, (\d+) failed, (\d+) skipped/.exec(out);
  return m ? { passed: Number(m[1]), failed: Number(m[2]), skipped: Number(m[3]) } : undefined;
};

/** Why a counted stage that exited 0 still fails, if it does. */
function countProblem(c: Counts): string | undefined {
  if (c.skipped > 0) return `${c.skipped} test(s) skipped`;
  if (c.passed === 0) return 'no test ran';
  return undefined;
}

const stages: Stage[] = [
  { name: 'lint', cmd: 'npm', args: ['run', '-s', 'lint'] },
  { name: 'typecheck', cmd: 'npm', args: ['run', '-s', 'typecheck'] },
  { name: 'build', cmd: 'npm', args: ['run', '-s', 'build'] },
  { name: 'unit', cmd: 'npx', args: ['vitest', 'run'], count: vitestCount },
  { name: 'firefox', cmd: 'npm', args: ['run', '-s', 'build:firefox'] },
  { name: 'e2e', cmd: 'npx', args: ['playwright', 'test'], count: e2eCount },
  {
    name: 'e2e-firefox',
    cmd: 'npx',
    args: ['playwright', 'test', '-c', 'playwright.firefox.config.ts'],
    count: e2eCount,
  },
];

function run(stage: Stage): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(stage.cmd, stage.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      process.stdout.write(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
      process.stderr.write(d);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

let passed = 0;
let failed = 0;
let broken = '';
for (const stage of stages) {
  console.log(`\n=== ${stage.name}: ${stage.cmd} ${stage.args.join(' ')}`);
  const started = Date.now();
  const result = await run(stage);
  const counted = stage.count?.(result.out);
  const problem =
    stage.count && result.code === 0 ? (counted ? countProblem(counted) : 'no test count in its output') : undefined;
  const code = problem ? 1 : result.code;
  if (counted) {
    passed += counted.passed;
    failed += counted.failed;
  } else if (!stage.count) {
    if (code === 0) passed++;
    else failed++;
  }
  const why = problem ?? `exit ${result.code}`;
  console.log(
    `=== ${stage.name}: ${code === 0 ? 'ok' : `FAILED (${why})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (code !== 0) {
    broken = stage.name;
    if (!counted?.failed) failed++;
    break;
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
if (broken) {
  console.error(`npm test: stage "${broken}" failed`);
  process.exit(1);
}
