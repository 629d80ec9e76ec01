// `npm test`: the one command that runs everything — lint, typecheck, the build (Chrome's
// and Firefox's extension, build/firefox-copy.ts), unit tests (the CLI's subprocess tests
// need the build), web-ext lint of the Firefox build, the Playwright e2e suite in real
// Chromium and the capture e2e tests in real Firefox (firefox-esr over WebDriver BiDi,
// playwright.firefox.config.ts) — and ends with the plain "N passed, N failed" line CI reads. Stops at the first failing stage, loudly. A skipped test, or a suite that ran
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

const stage = (name: string, cmd: string, args: readonly string[], count?: Stage['count']): Stage => ({
  name,
  cmd,
  args,
  ...(count ? { count } : {}),
});

// Groups run one after another; the stages of a group run side by side. The checks and the
// build are single-threaded and independent, so on two cores they take about half their
// serial time; web-ext lint reads the build, beside the unit tests. The e2e stages get the
// machine alone, since their timing-sensitive parts must not compete for it.
const groups: readonly (readonly Stage[])[] = [
  [
    stage('lint', 'npm', ['run', '-s', 'lint']),
    stage('typecheck', 'npm', ['run', '-s', 'typecheck']),
    stage('build', 'npm', ['run', '-s', 'build']),
  ],
  [
    stage('unit', 'npx', ['vitest', 'run'], vitestCount),
    stage('web-ext lint', 'npx', ['web-ext', 'lint', '--no-config-discovery', '--source-dir', 'dist-firefox']),
  ],
  [stage('e2e', 'npx', ['playwright', 'test', '--project=chromium'], e2eCount)],
  [stage('e2e-timing', 'npx', ['playwright', 'test', '--project=timing'], e2eCount)],
  [stage('e2e-firefox', 'npx', ['playwright', 'test', '-c', 'playwright.firefox.config.ts'], e2eCount)],
];

/** Runs a stage; `live` streams its output, otherwise it is printed whole when the stage ends. */
function run(stage: Stage, live: boolean): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(stage.cmd, stage.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (live) process.stdout.write(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
      if (live) process.stderr.write(d);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

let passed = 0;
let failed = 0;
let broken = '';

/** Runs one stage and adds its counts; true when it passed. */
async function runStage(stage: Stage, live: boolean): Promise<boolean> {
  if (live) console.log(`\n=== ${stage.name}: ${stage.cmd} ${stage.args.join(' ')}`);
  const started = Date.now();
  const result = await run(stage, live);
  if (!live) process.stdout.write(`\n=== ${stage.name}: ${stage.cmd} ${stage.args.join(' ')}\n${result.out}`);
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
  if (code !== 0 && stage.count && !counted?.failed) failed++;
  return code === 0;
}

for (const group of groups) {
  const started = Date.now();
  // The group's first stage streams (the unit tests' progress); the others print when they end.
  const ok = await Promise.all(group.map((s, i) => runStage(s, i === 0)));
  if (group.length > 1)
    console.log(
      `=== ${group.map((s) => s.name).join(' + ')}: ${((Date.now() - started) / 1000).toFixed(1)} s side by side`,
    );
  const failedHere = group.filter((_, i) => !ok[i]).map((s) => s.name);
  if (failedHere.length > 0) {
    broken = failedHere.join('", "');
    break;
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
if (broken) {
  console.error(`npm test: stage "${broken}" failed`);
  process.exit(1);
}
