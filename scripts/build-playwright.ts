// Builds the Playwright fixture (`agui-inspector/playwright`) into dist-playwright/: one
// ES module (index.js, @playwright/test left to the user's project) and its type
// declarations (types/). Called by scripts/build.ts.
import { build } from 'vite';
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const at = (...p: string[]) => resolve(root, ...p);

export async function buildPlaywright(): Promise<void> {
  await rm(at('dist-playwright'), { recursive: true, force: true });
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: at('dist-playwright'),
      emptyOutDir: true,
      target: 'node20',
      ssr: at('src/playwright/index.ts'),
      minify: false,
      sourcemap: true,
      rollupOptions: { external: ['@playwright/test'], output: { entryFileNames: 'index.js', format: 'es' } },
    },
    ssr: { noExternal: true, external: ['@playwright/test'], target: 'node' },
  });
  execFileSync(process.execPath, [at('node_modules/typescript/bin/tsc'), '-p', at('src/playwright/tsconfig.build.json')], { stdio: 'inherit' });
}
