// The page tap's bundle (dist/page-tap.js, built by `npm run build`): the same code the
// extension injects, found next to this module whether it runs from the package's build
// (dist-playwright/ or dist-playwright/cjs/) or from the sources (src/playwright/).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CANDIDATES = ['../dist/page-tap.js', '../../dist/page-tap.js'];

/** This module's folder, in the ES module build and the CommonJS one alike. */
function here(): string {
  return typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url));
}

export function tapSource(): string {
  for (const relative of CANDIDATES) {
    const path = resolve(here(), relative);
    if (existsSync(path)) return readFileSync(path, 'utf8');
  }
  throw new Error(
    'agui-inspector/playwright: the page tap (dist/page-tap.js) is missing: run `npm run build` in agui-inspector',
  );
}
