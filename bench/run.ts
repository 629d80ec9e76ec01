// `npm run bench`: the core's performance figures (bench/core-bench.ts), measured on the
// code as it ships. Vite bundles the benchmark the way it builds dist-cli and dist-lib
// (packages stay imports, so the reference client runs from node_modules as before), and a
// plain `node --expose-gc` runs the bundle, with no TypeScript loader in the process.
// Why not run the TypeScript through tsx: its transform keeps function names by wrapping
// functions in `__name(fn, "name")` (an Object.defineProperty on each), which no shipped
// bundle has. Measured on a 2-core VM, about half the tsx processes then ran the core ~30%
// slower (more optimized code discarded and rebuilt on V8's helper threads), while the
// reference client, plain JavaScript, was untouched: tsx runs gave 1.07–1.2x where the
// same code bundled gave 1.57–1.82x.
// Arguments pass through: `npm run bench -- throughput live` prints those lines only.
// Another benchmark file first runs that one the same way, e.g. the stage breakdown:
//   npx tsx bench/run.ts bench/breakdown.ts 100000 4096 boundary
// BENCH_NODE_FLAGS adds flags for that node, e.g. a profile of the shipped build:
//   BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npx tsx bench/run.ts bench/profile-feed.ts
import { spawnSync } from 'node:child_process';
import { basename, resolve } from 'node:path';
import { build } from 'vite';

const OUT = resolve(import.meta.dirname, '../node_modules/.cache/agui-bench');
const args = process.argv.slice(2);
const entry = args[0]?.endsWith('.ts')
  ? resolve(args.shift() as string)
  : resolve(import.meta.dirname, 'core-bench.ts');
const FILE = `${basename(entry, '.ts')}.mjs`;

await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: entry,
    outDir: OUT,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rolldownOptions: { output: { format: 'es', entryFileNames: FILE } },
  },
});

const flags = (process.env['BENCH_NODE_FLAGS'] ?? '').split(' ').filter((f) => f !== '');
const run = spawnSync(process.execPath, ['--expose-gc', ...flags, resolve(OUT, FILE), ...args], {
  stdio: 'inherit',
});
process.exitCode = run.status ?? 1;
