// Playwright globalSetup: builds the extension (dist/), the viewer `agui-inspector view`
// serves (dist-viewer/) and the demo app (dist-demo/) from
// this checkout before any spec runs, so the suite never tests a stale or missing build.
// A failed build fails the run.
import { resolve } from 'node:path';
import { build, createBuilder } from 'vite';
import { EXTENSION_ENVIRONMENTS } from '../vite.config.js';

const root = resolve(import.meta.dirname, '..');

export default async function buildForE2e(): Promise<void> {
  const builder = await createBuilder({ configFile: resolve(root, 'vite.config.ts'), logLevel: 'warn' });
  for (const name of [...EXTENSION_ENVIRONMENTS, 'viewer']) {
    const environment = builder.environments[name];
    if (!environment) throw new Error(`vite.config.ts has no "${name}" environment`);
    await builder.build(environment);
  }
  await build({ configFile: resolve(root, 'demo/vite.config.ts'), logLevel: 'warn' });
}
