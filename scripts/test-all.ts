// `npm test`: the one command that runs everything — lint, typecheck, the build (Chrome's
// and Firefox's extension, build/firefox-copy.ts), unit tests (the CLI's subprocess tests
// need the build), the packages (`npm run package`: web-ext lint of the Firefox build, the
// store zips, the npm tarball), the Playwright e2e suite in real Chromium and the
// capture e2e tests in real Firefox (firefox-esr over WebDriver BiDi,
// playwright.firefox.config.ts) — and ends with the plain "N passed, N failed" line CI
// reads. Stops at the first failing stage, loudly. A skipped test, or a suite that ran no
// test, fails its stage: nothing may silently not run.
import { spawn } from 'node:child_process';

interface Stage {
  readonly name: string;
  readonly cmd: string;
  readonly args: readonly string[];
  /** Extracts the counts from the stage's output, when it counts tests. */
  readonly count?: (out: string) => Counts | undefined;
  /** A stage of the same group that must pass first (it starts the moment that one ends). */
  readonly after?: string;
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

const stage = (
  name: string,
  cmd: string,
  args: readonly string[],
  more: { count?: Stage['count']; after?: string } = {},
): Stage => ({ name, cmd, args, ...more });

// Groups run one after another; the stages of a group run side by side, a stage with `after`
// from the moment that one passes. The checks and the build are single-threaded and
// independent; the unit tests, the packages and the Firefox tests need the build and start
// when it ends, beside the checks still running. Waiting for the whole group instead left a
// core idle while lint finished alone and while the unit tests' last files ran (vitest kept
// 1.4 of 2 cores busy). The packages (`npm run package`) replace a web-ext lint stage of
// their own: scripts/package.ts runs that lint beside the zips. The Chromium e2e stages get
// the machine alone, since their timing-sensitive parts must not compete for it. (Tried:
// the tarball's smoke beside the unit tests or beside the Chromium e2e; each group took
// about as long as both had apart, as the machine has no idle core to give them.)
const groups: readonly (readonly Stage[])[] = [
  [
    stage('build', 'npm', ['run', '-s', 'build']),
    stage('lint', 'npm', ['run', '-s', 'lint']),
    stage('typecheck', 'npm', ['run', '-s', 'typecheck']),
    stage('unit', 'npx', ['vitest', 'run'], { count: vitestCount, after: 'build' }),
    // web-ext lint of dist-firefox/, beside the zips and `npm pack` (scripts/package.ts).
    stage('package', 'npm', ['run', '-s', 'package'], { after: 'build' }),
    stage('e2e-firefox', 'npx', ['playwright', 'test', '-c', 'playwright.firefox.config.ts'], {
      count: e2eCount,
      after: 'build',
    }),
  ],
  [stage('e2e', 'npx', ['playwright', 'test', '--project=chromium'], { count: e2eCount })],
  [stage('e2e-timing', 'npx', ['playwright', 'test', '--project=timing'], { count: e2eCount })],
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

/** Runs a group's stages side by side, each after the one it names; a stage whose `after` failed does not run. */
function runGroup(group: readonly Stage[]): Promise<boolean[]> {
  const done = new Map<string, Promise<boolean>>();
  // The unit tests stream their progress, or else the group's first stage; the others print when they end.
  const streamed = group.find((g) => g.count === vitestCount) ?? group[0];
  const start = (s: Stage): Promise<boolean> => {
    const before = s.after === undefined ? undefined : done.get(s.after);
    if (s.after !== undefined && !before)
      throw new Error(`stage "${s.name}" waits for "${s.after}", not before it in its group`);
    const live = s === streamed;
    const result = before
      ? before.then((ok) => {
          if (ok) return runStage(s, live);
          console.log(`=== ${s.name}: not run, "${s.after ?? ''}" failed`);
          return false;
        })
      : runStage(s, live);
    done.set(s.name, result);
    return result;
  };
  return Promise.all(group.map(start));
}

for (const group of groups) {
  const started = Date.now();
  const ok = await runGroup(group);
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
