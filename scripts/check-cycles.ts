// `npm run check:cycles` (part of `npm run lint`): fails on any import circle in our code.
// A circle means no file in it can be read, tested or moved without the others, and its
// modules initialise in an order that depends on which one is imported first. Type-only
// imports count: a circle of types is still one unit to understand.
import madge from 'madge';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the code lives; every folder's imports are followed wherever they lead. */
export const CHECKED_DIRS = ['src', 'harness', 'e2e', 'scripts', 'bench', 'extension', 'demo', 'build', 'test'];

const TSCONFIG = resolve(import.meta.dirname, '../tsconfig.json');

export interface CycleReport {
  /** Each circle as the files along it, relative to the root. */
  readonly cycles: readonly (readonly string[])[];
  /** Relative imports that lead to no file: madge cannot see past them, so they fail too. */
  readonly unresolved: readonly string[];
}

export async function findCycles(root: string, dirs: readonly string[]): Promise<CycleReport> {
  const present = dirs.map((dir) => resolve(root, dir)).filter((dir) => existsSync(dir));
  const result = await madge(present, { baseDir: root, fileExtensions: ['ts', 'tsx'], tsConfig: TSCONFIG });
  // npm packages are skipped by design; a skipped relative path is an import of a missing file.
  const unresolved = result.warnings().skipped.filter((name) => name.startsWith('.') || name.startsWith('/'));
  return { cycles: result.circular(), unresolved };
}

export function describeReport(report: CycleReport): string {
  const lines = report.cycles.map((files) => `circle: ${[...files, files[0]].join(' → ')}`);
  for (const name of report.unresolved) lines.push(`unresolved import (madge cannot follow it): ${name}`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  const report = await findCycles(root, CHECKED_DIRS);
  if (report.cycles.length === 0 && report.unresolved.length === 0) return;
  console.error(describeReport(report));
  console.error(
    `check-cycles: ${report.cycles.length} import circle(s); move what both sides need into a file below them.`,
  );
  process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
