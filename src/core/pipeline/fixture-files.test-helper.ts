// Every recorded input the snapshot tests read: the fixtures and the demo recordings.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const FIXTURE_ROOT = join(import.meta.dirname, '../../../test/fixtures');
const INPUT = /\.(sse|bin|har|jsonl|json)$/;

/** Paths relative to FIXTURE_ROOT, sorted. */
export function fixtureFiles(): string[] {
  const top = readdirSync(FIXTURE_ROOT).filter((f) => INPUT.test(f));
  const demo = readdirSync(join(FIXTURE_ROOT, 'demo'))
    .filter((f) => INPUT.test(f) && f !== 'index.json')
    .map((f) => `demo/${f}`);
  return [...top, ...demo].sort();
}
