// Every repository path the docs name exists: a renamed or deleted file must take its
// mentions in docs/*.md, CONTRIBUTING.md and the README with it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const DOCS = [
  ...readdirSync(new URL('docs/', ROOT))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  'CONTRIBUTING.md',
  'README.md',
];

const PATH = /(?<![\w./-])(?:src|e2e|scripts|bench|extension|test|build|demo)\/[\w.\-/]*[\w/]/g;

/**
 * The paths in a text that start at one of the repository's top folders. A token with a
 * placeholder in it (`src/panel/<view>/`, `e2e/panel-*.spec.ts`) names no one file.
 */
export function repoPaths(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(PATH)) {
    const token = /^[^\s`'"(),;]*/.exec(text.slice(m.index))?.[0] ?? '';
    if (/[<>*{]/.test(token)) continue;
    found.add(m[0].replace(/[.]+$/, ''));
  }
  return [...found];
}

describe('paths named in the docs', () => {
  it('reads paths the way the docs write them', () => {
    const text =
      'see `src/core/reduce/lookup.ts`, src/tap/ and e2e/x.spec.ts. Not src/panel/<view>/ or e2e/panel-*.spec.ts';
    expect(repoPaths(text)).toEqual(['src/core/reduce/lookup.ts', 'src/tap/', 'e2e/x.spec.ts']);
  });

  it.each(DOCS)('%s names only files and folders that exist', (doc) => {
    const missing = repoPaths(readFileSync(new URL(doc, ROOT), 'utf8')).filter((p) => !existsSync(new URL(p, ROOT)));
    expect(missing).toEqual([]);
  });
});
