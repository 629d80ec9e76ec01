// vitest globalSetup: builds the CLI (the `cli` environment of vite.config.ts) before any
// test runs, so the subprocess tests always exercise this checkout's code, never a stale
// or missing dist-cli/ — unless the whole build on disk is already of these inputs
// (build/fresh-build.ts: `npm test` builds just before). A failed build fails the run.
import { resolve } from 'node:path';
import { createBuilder } from 'vite';
import { isFresh } from '../../build/fresh-build.js';

export default async function buildCli(): Promise<void> {
  if (isFresh('default')) return;
  const builder = await createBuilder({
    configFile: resolve(import.meta.dirname, '../../vite.config.ts'),
    logLevel: 'warn',
  });
  const cli = builder.environments.cli;
  if (!cli) throw new Error('vite.config.ts has no "cli" environment');
  await builder.build(cli);
}
