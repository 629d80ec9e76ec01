// Playwright globalSetup of playwright.firefox.config.ts: the Firefox extension (dist-firefox/:
// `vite build --mode firefox`, every extension environment, content scripts included) and the
// demo app (part of the default build) from this checkout, so the Firefox tests never run a
// stale or missing build. Each is built only when the one on disk is not of these inputs
// (build/fresh-build.ts).
import { resolve } from 'node:path';
import { createBuilder } from 'vite';
import { withRunTempDir } from '../test/setup/temp-dir.js';
import { isFresh, type BuildMode } from '../build/fresh-build.js';

const root = resolve(import.meta.dirname, '..');

// Tests, browsers and the fixture's CLI runs leave their temporary files in the run's TMPDIR.
export default function buildForFirefoxE2e(): Promise<() => void> {
  return withRunTempDir('agui-e2e-', build);
}

async function build(): Promise<void> {
  for (const mode of ['firefox', 'default'] as const satisfies readonly BuildMode[]) {
    if (isFresh(mode)) continue;
    const builder = await createBuilder({
      configFile: resolve(root, 'vite.config.ts'),
      ...(mode === 'firefox' ? { mode: 'firefox' } : {}),
      logLevel: 'warn',
    });
    await builder.buildApp();
  }
}
