// Whether the build on disk is the build of this checkout: a fingerprint of every input of
// `vite build` (sources, entry pages, the build's own code and config, the dependency lock),
// written beside node_modules when a build ends and compared before the next. The test
// stages (vitest's and Playwright's global setups, `npm run package`) build only when the
// fingerprint differs, so `npm test` and packaging build each mode once. Tests are not
// inputs: editing one does not rebuild the extension.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export type BuildMode = 'default' | 'firefox';

const root = resolve(import.meta.dirname, '..');
const INPUTS = [
  'src',
  'extension',
  'demo',
  'build',
  'manifest.json',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
];
const NOT_INPUT = /\.test(-helper)?\.tsx?$/;

function filesUnder(path: string, out: string[]): void {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    if (!NOT_INPUT.test(path)) out.push(path);
    return;
  }
  for (const entry of readdirSync(path)) filesUnder(join(path, entry), out);
}

/** The inputs' fingerprint for one mode and source-map choice. */
export function buildFingerprint(mode: BuildMode, sourcemap: boolean): string {
  const files: string[] = [];
  for (const input of INPUTS) filesUnder(resolve(root, input), files);
  const hash = createHash('sha256').update(`${mode} sourcemap=${sourcemap}\n`);
  for (const file of files.sort()) hash.update(`${relative(root, file)}\n`).update(readFileSync(file));
  return hash.digest('hex');
}

const stampOf = (mode: BuildMode): string => resolve(root, 'node_modules/.cache/agui-build', `${mode}.stamp`);

/** True when the last finished build of `mode` (no source maps) was of these very inputs. */
export function isFresh(mode: BuildMode): boolean {
  const stamp = stampOf(mode);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === buildFingerprint(mode, false);
}

/** Forget the build of `mode` (it is being replaced: a failed build must not count as fresh). */
export function clearStamp(mode: BuildMode): void {
  rmSync(stampOf(mode), { force: true });
}

export function writeStamp(mode: BuildMode, fingerprint: string): void {
  mkdirSync(resolve(stampOf(mode), '..'), { recursive: true });
  writeFileSync(stampOf(mode), fingerprint);
}
