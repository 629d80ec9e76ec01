// `npm test`: the one command that runs everything — lint, typecheck, the build, unit tests
// (the CLI's subprocess tests need the build), the Firefox build with web-ext lint, and the
// Playwright e2e suite in real Chromium — and ends with the plain "N passed, N failed" line
// CI reads. Stops at the first failing stage, loudly.
import { spawn } from 'node:child_process';

interface Stage {
  readonly name: string;
  readonly cmd: string;
  readonly args: readonly string[];
  /** Extracts [passed, failed] from the stage's output, when it counts tests. */
  readonly count?: (out: string) => [number, number] | undefined;
}

const vitestCount = (out: string): [number, number] | undefined => {
  const line = /Tests\s+(.*)\(\d+\)/.exec(out.replace(new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g'), ''));
  if (!line?.[1]) return undefined;
  const passed = Number(/(\d+) passed/.exec(line[1])?.[1] ?? 0);
  const failed = Number(/(\d+) failed/.exec(line[1])?.[1] ?? 0);
  return [passed, failed];
};
const e2eCount = (out: string): [number, number] | undefined => {
  const m = /e2e: (\d+) passed, (\d+) failed/.exec(out);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
};

const stages: Stage[] = [
  { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'typecheck', cmd: 'npm', args: ['run', '-s', 'typecheck'] },
  { name: 'build', cmd: 'npm', args: ['run', '-s', 'build'] },
  { name: 'unit', cmd: 'npx', args: ['vitest', 'run'], count: vitestCount },
  { name: 'firefox', cmd: 'npm', args: ['run', '-s', 'build:firefox'] },
  { name: 'e2e', cmd: 'npx', args: ['playwright', 'test'], count: e2eCount },
];

function run(stage: Stage): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(stage.cmd, stage.args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); process.stdout.write(d); });
    child.stderr.on('data', (d: Buffer) => { out += d.toString(); process.stderr.write(d); });
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

let passed = 0;
let failed = 0;
let broken = '';
for (const stage of stages) {
  console.log(`\n=== ${stage.name}: ${stage.cmd} ${stage.args.join(' ')}`);
  const started = Date.now();
  const { code, out } = await run(stage);
  const counted = stage.count?.(out);
  if (counted) { passed += counted[0]; failed += counted[1]; }
  else if (!stage.count) { if (code === 0) passed++; else failed++; }
  console.log(`=== ${stage.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (code !== 0) { broken = stage.name; if (stage.count && !counted) failed++; break; }
}
console.log(`\n${passed} passed, ${failed} failed`);
if (broken) {
  console.error(`npm test: stage "${broken}" failed`);
  process.exit(1);
}
