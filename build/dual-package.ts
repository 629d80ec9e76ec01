// The CommonJS half of a dual package: `<dir>/cjs/` holds the CommonJS build, a
// package.json that makes Node (and TypeScript) read the folder as CommonJS, and a copy of
// the declarations, which TypeScript then types as CommonJS for `require` consumers (the
// ES module's own .d.ts files, under the package's "type": "module", are ESM to it).
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export function commonJsHalf(dir: string, declarations: string): void {
  const cjs = join(dir, 'cjs');
  mkdirSync(cjs, { recursive: true });
  writeFileSync(join(cjs, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
  const from = join(dir, declarations);
  for (const file of readdirSync(from, { recursive: true, encoding: 'utf8' })) {
    const src = join(from, file);
    if (!file.endsWith('.d.ts') || src.startsWith(`${cjs}/`)) continue;
    const dest = join(cjs, relative(dir, src));
    mkdirSync(dirname(dest), { recursive: true });
    copyFileSync(src, dest);
  }
}
