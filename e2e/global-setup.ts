// Playwright globalSetup: the whole build of this checkout (`vite build`: the extension in
// dist/, the viewer `agui-inspector view` serves, the CLI, the package's libraries and the
// demo app), so the suite never tests a stale or missing build — but only when the build on
// disk is not already of these inputs (build/fresh-build.ts): `npm test` built it moments
// ago. A failed build fails the run.
import { resolve } from 'node:path';
import { createBuilder } from 'vite';
import { withRunTempDir } from '../test/setup/temp-dir.js';
import { isFresh } from '../build/fresh-build.js';

const root = resolve(import.meta.dirname, '..');

// Tests, browsers and the fixture's CLI runs leave their temporary files in the run's TMPDIR.
export default function buildForE2e(): Promise<() => void> {
  return withRunTempDir('agui-e2e-', build);
}

async function build(): Promise<void> {
  if (isFresh('default')) return;
  const builder = await createBuilder({ configFile: resolve(root, 'vite.config.ts'), logLevel: 'warn' });
  await builder.buildApp();
}
