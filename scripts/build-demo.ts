// Builds the demo web app (demo/app/) into dist-demo/, served by demo/server.ts at /.
// Called by scripts/build.ts; `npx tsx scripts/build-demo.ts` builds it alone.
import { build } from 'vite';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(import.meta.dirname, '..');

export async function buildDemo(): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: resolve(root, 'demo/app'),
    publicDir: false,
    base: './',
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: { outDir: resolve(root, 'dist-demo'), emptyOutDir: true, target: 'chrome120', sourcemap: true },
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildDemo();
  console.log('built dist-demo/');
}
