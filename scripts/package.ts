// `npm run package`: the installable artifacts, built from this checkout and checked, in artifacts/:
//   agui-inspector-chrome-<version>.zip   for the Chrome Web Store (manifest at the root)
//   agui-inspector-firefox-<version>.zip  for Firefox add-ons (web-ext build; web-ext lint first)
//   agui-inspector-<version>.tgz          the npm package (npm pack)
// No source maps unless asked: `npm run package -- --sourcemap`. A build already of these
// inputs (build/fresh-build.ts: `npm test` just made both) is packaged as it is.
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { checkExtensionZip } from '../build/check-zip.js';
import { isFresh } from '../build/fresh-build.js';

const root = resolve(import.meta.dirname, '..');
const artifacts = resolve(root, 'artifacts');
const sourceMaps = process.argv.includes('--sourcemap');
const { version } = JSON.parse(await readFile(resolve(root, 'package.json'), 'utf8')) as { version: string };

function run(cmd: string, args: readonly string[]): void {
  console.log(`package: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args[0] ?? ''} failed (exit ${r.status ?? r.signal})`);
}

/** Runs a command beside the rest, its output held and printed when it ends; the failure, if any. */
function runAside(cmd: string, args: readonly string[]): Promise<string | undefined> {
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((done) => {
    child.on('error', (e) => done(`${cmd} ${args[0] ?? ''} did not start: ${e.message}`));
    child.on('close', (code, signal) => {
      console.log(`package: ${cmd} ${args.join(' ')}\n${out}`);
      done(code === 0 ? undefined : `${cmd} ${args[0] ?? ''} ${args[1] ?? ''} failed (exit ${code ?? signal})`);
    });
  });
}

async function zipExtension(browser: 'chrome' | 'firefox', sourceDir: string): Promise<string> {
  const filename = `agui-inspector-${browser}-${version}.zip`;
  run('npx', [
    'web-ext',
    'build',
    '--no-config-discovery',
    '--overwrite-dest',
    '--source-dir',
    sourceDir,
    '--artifacts-dir',
    artifacts,
    '--filename',
    filename,
    ...(sourceMaps ? [] : ['--ignore-files', '**/*.map']),
  ]);
  const path = resolve(artifacts, filename);
  const problems = await checkExtensionZip(await readFile(path), { sourceMaps });
  if (problems.length > 0) throw new Error(`${filename}:\n  ${problems.join('\n  ')}`);
  return path;
}

async function main(): Promise<void> {
  const maps = sourceMaps ? ['--sourcemap'] : [];
  if (sourceMaps || !isFresh('default')) run('npx', ['vite', 'build', ...maps]);
  if (sourceMaps || !isFresh('firefox')) run('npx', ['vite', 'build', '--mode', 'firefox', ...maps]);
  // The linter (about 10 CPU-s, single-threaded) only reads dist-firefox/, as the zips and the
  // tarball below do: it runs beside them, and its verdict is awaited before anything is
  // reported packaged. A failing lint leaves no Firefox zip behind.
  const lint = runAside('npx', ['web-ext', 'lint', '--no-config-discovery', '--source-dir', 'dist-firefox']);
  await mkdir(artifacts, { recursive: true });
  const chrome = await zipExtension('chrome', resolve(root, 'dist'));
  const firefox = await zipExtension('firefox', resolve(root, 'dist-firefox'));
  // The build above is what prepack would run again.
  const tgz = resolve(artifacts, `agui-inspector-${version}.tgz`);
  await rm(tgz, { force: true });
  run('npm', ['pack', '--ignore-scripts', '--pack-destination', artifacts]);
  const lintFailure = await lint;
  if (lintFailure !== undefined) {
    await rm(firefox, { force: true });
    throw new Error(lintFailure);
  }
  console.log(`\npackaged:\n  ${chrome}\n  ${firefox}\n  ${tgz}`);
}

try {
  await main();
} catch (err) {
  console.error(`npm run package: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
