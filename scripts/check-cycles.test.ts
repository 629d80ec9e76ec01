// The cycle check finds a circle planted in a scratch folder (value and type-only imports
// alike) and passes a folder without one, so `npm run check:cycles` cannot pass by seeing nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeReport, findCycles } from './check-cycles.js';

const dirs: string[] = [];

/** A scratch folder holding `files` (name → source), removed after the test. */
function scratch(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'check-cycles-'));
  dirs.push(dir);
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('findCycles', () => {
  it('reports two files that import each other, and names the circle', async () => {
    const root = scratch({
      'a.ts': "import { b } from './b.js';\nexport const a = (): number => b + 1;\n",
      'b.ts': "import { a } from './a.js';\nexport const b = 1;\nexport const later = (): number => a();\n",
      'leaf.ts': 'export const leaf = 0;\n',
    });
    const report = await findCycles(root, ['.']);
    expect(report.cycles).toEqual([['a.ts', 'b.ts']]);
    expect(describeReport(report)).toBe('circle: a.ts → b.ts → a.ts');
  });

  it('counts a circle made only of type imports, through a .tsx file', async () => {
    const root = scratch({
      'model.ts': "import type { View } from './View.js';\nexport interface Model { readonly view: View }\n",
      'View.tsx': "import type { Model } from './model.js';\nexport interface View { readonly model: Model }\n",
    });
    expect((await findCycles(root, ['.'])).cycles).toEqual([['View.tsx', 'model.ts']]);
  });

  it('passes imports that run one way, and lists an import of a missing file', async () => {
    const root = scratch({
      'top.ts': "import { mid } from './mid.js';\nexport const top = mid;\n",
      'mid.ts': "import { leaf } from './leaf.js';\nexport const mid = leaf;\n",
      'leaf.ts': 'export const leaf = 0;\n',
      'typo.ts': "import { gone } from './gone.js';\nexport const typo = gone;\n",
    });
    const report = await findCycles(root, ['.']);
    expect(report.cycles).toEqual([]);
    expect(report.unresolved).toEqual(['./gone.js']);
  });
});
