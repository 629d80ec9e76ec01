// Playwright globalSetup of playwright.firefox.config.ts: builds the Firefox extension
// (dist-firefox/: `vite build --mode firefox`, every extension environment, content scripts
// included) and the demo app from this checkout, so the Firefox tests never run a stale or
// missing build.
import { resolve } from 'node:path';
import { build, createBuilder } from 'vite';
import { EXTENSION_ENVIRONMENTS } from '../vite.config.js';

const root = resolve(import.meta.dirname, '..');

export default async function buildForFirefoxE2e(): Promise<void> {
  const builder = await createBuilder({
    configFile: resolve(root, 'vite.config.ts'),
    mode: 'firefox',
    logLevel: 'warn',
  });
  for (const name of EXTENSION_ENVIRONMENTS) {
    const environment = builder.environments[name];
    if (!environment) throw new Error(`vite.config.ts has no "${name}" environment`);
    await builder.build(environment);
  }
  await build({ configFile: resolve(root, 'demo/vite.config.ts'), logLevel: 'warn' });
}
