// `npm run bench:cli`: the CLI's peak memory and time on large inputs. Writes a 500 MB SSE
// body, the same runs as JSONL and a 500 MB HAR (bench/cli-gen.ts) to a temp dir and runs
// the built CLI on each of the three, each command in its own process: lint, redact, and
// serve until it has answered one request. Prints peak RSS against the goal (300 MB for
// every row), wall time and how much each printed. A benchmark, not a test: nothing fails.
// BENCH_CLI_MB sets the size (default 500); BENCH_CLI_KEEP=1 keeps the files;
// BENCH_CLI_ONLY=serve (a comma list of command names, or of files: sse, jsonl, har)
// runs only those rows.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createBuilder } from 'vite';
import { writeHar, writeJsonl, writeSseBody } from './cli-gen.js';
import { REPORT_PEAK, serveOnce, timed, type Measured } from './cli-run.js';

const MB = 1 << 20;
const SIZE = Number(process.env['BENCH_CLI_MB'] ?? 500) * MB;
const root = resolve(import.meta.dirname, '..');
const ONLY = (process.env['BENCH_CLI_ONLY'] ?? '').split(',').filter((c) => c !== '');
const KINDS = ['sse', 'jsonl', 'har'];
const commands = ONLY.filter((o) => !KINDS.includes(o));
const kinds = ONLY.filter((o) => KINDS.includes(o));
const wanted = (command: string, kind: string): boolean =>
  (commands.length === 0 || commands.includes(command)) && (kinds.length === 0 || kinds.includes(kind));
const GOAL_MB = 300;
async function buildCli(): Promise<void> {
  const builder = await createBuilder({ configFile: resolve(root, 'vite.config.ts'), logLevel: 'warn' });
  const cli = builder.environments['cli'];
  if (!cli) throw new Error('vite.config.ts has no "cli" environment');
  await builder.build(cli);
}

interface Lint {
  readonly code: number | null;
  readonly peakMb: number;
  readonly seconds: number;
  readonly findings: number;
  readonly runs: number;
}

function lint(file: string): Promise<Lint> {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', REPORT_PEAK, join(root, 'bin/agui-inspector.js'), 'lint', '--format', 'json', file],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((done) =>
    child.on('close', (code) => {
      const peak = /peak-rss-kib (\d+)/.exec(err);
      let findings = -1;
      let runs = -1;
      try {
        const json = JSON.parse(out) as { findings: unknown[]; files?: { runs?: number }[] };
        findings = json.findings.length;
        runs = json.files?.[0]?.runs ?? -1;
      } catch {
        process.stderr.write(`lint of ${file} printed no JSON (exit ${code}): ${err.slice(0, 500)}\n`);
      }
      done({
        code,
        peakMb: peak ? Number(peak[1]) / 1024 : NaN,
        seconds: (performance.now() - t0) / 1000,
        findings,
        runs,
      });
    }),
  );
}

function line(name: string, file: string, goalMb: number, r: Lint): void {
  const size = statSync(file).size / MB;
  const verdict = r.peakMb <= goalMb ? 'ok' : 'OVER';
  console.log(
    `${name.padEnd(12)} ${size.toFixed(0)} MB  peak RSS ${r.peakMb.toFixed(0)} MB (goal <= ${goalMb} MB: ${verdict})` +
      `  ${r.seconds.toFixed(1)} s  exit ${r.code}  findings ${r.findings}`,
  );
}

function measured(name: string, file: string, goalMb: number, r: Measured): void {
  const size = statSync(file).size / MB;
  const verdict = r.peakMb <= goalMb ? 'ok' : 'OVER';
  console.log(
    `${name.padEnd(16)} ${size.toFixed(0)} MB  peak RSS ${r.peakMb.toFixed(0)} MB (goal <= ${goalMb} MB: ${verdict})` +
      `  ${r.seconds.toFixed(1)} s  exit ${r.code}  output ${r.outputLines} lines, longest ${r.longestLine} chars`,
  );
}

await buildCli();
const dir = mkdtempSync(join(tmpdir(), 'agui-bench-cli-'));
try {
  const sse = join(dir, 'big.sse');
  const har = join(dir, 'big.har');
  const jsonl = join(dir, 'big.jsonl');
  const { runs } = await writeSseBody(sse, SIZE);
  await writeJsonl(jsonl, SIZE);
  const { entries } = await writeHar(har, SIZE, 5 * MB);
  console.log(
    `inputs: SSE body of ${runs} runs, the same as JSONL; HAR of ${entries} event-stream entries (in ${dir})`,
  );
  const cli = join(root, 'bin/agui-inspector.js');
  const redact = (file: string) => timed([cli, 'redact', file, '-o', join(dir, `redacted-${file.split('/').pop()!}`)]);
  for (const [kind, file] of [
    ['sse', sse],
    ['jsonl', jsonl],
    ['har', har],
  ] as const) {
    if (wanted('lint', kind)) line(`cli.lint.${kind}`, file, GOAL_MB, await lint(file));
    if (wanted('redact', kind)) measured(`cli.redact.${kind}`, file, GOAL_MB, await redact(file));
    if (wanted('serve', kind)) measured(`cli.serve.${kind}`, file, GOAL_MB, await serveOnce(cli, file));
  }
} finally {
  if (process.env['BENCH_CLI_KEEP'] !== '1') rmSync(dir, { recursive: true, force: true });
}
