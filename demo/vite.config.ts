// The demo web app (demo/app/) → dist-demo/, served by demo/server.ts at /. Built by the
// top-level `vite build` after the extension; `vite build --config demo/vite.config.ts` alone.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import { shared } from '../vite.config.js';

const here = dirname(fileURLToPath(import.meta.url));

export default mergeConfig(shared, {
  root: resolve(here, 'app'),
  publicDir: false,
  base: './',
  build: { outDir: resolve(here, '../dist-demo'), emptyOutDir: true, target: 'chrome120' },
});
