// keepCapturedBytes: false must change what is kept, never what is judged: every fixture
// prints the same model, findings and call deltas with and without it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedCaptures } from '../io/feed.js';
import { loadFile } from '../io/load-file.js';
import type { Inspector } from '../inspector.js';
import { printModel } from '../print/print-model.js';
import { createInspector } from './create-inspector.js';

const ROOT = join(import.meta.dirname, '../../../test/fixtures');
const loads = (f: string): boolean => loadFile(f, new Uint8Array(readFileSync(join(ROOT, f)))).ok;
const files = [
  ...readdirSync(ROOT).filter((f) => /\.(sse|bin|har)$/.test(f)),
  ...readdirSync(join(ROOT, 'demo'))
    .filter((f) => /\.(sse|bin|har)$/.test(f))
    .map((f) => `demo/${f}`),
].filter(loads);

function run(file: string, keepCapturedBytes: boolean): Inspector {
  const loaded = loadFile(file, new Uint8Array(readFileSync(join(ROOT, file))));
  if (!loaded.ok) throw new Error(loaded.error);
  const inspector = createInspector({ keepCapturedBytes });
  feedCaptures(inspector, loaded.captures);
  return inspector;
}

const deltas = (i: Inspector): string[] =>
  i.model.runs.flatMap((r) =>
    r.toolCalls.map((c) => c.deltas.map((d) => `${d.event}@${d.offset}+${d.length}`).join(' ')),
  );

describe('keepCapturedBytes: false', () => {
  it('has body fixtures to compare', () => expect(files.length).toBeGreaterThan(5));
  for (const file of files) {
    it(`${file}: same model and verdicts, no bytes kept`, () => {
      const kept = run(file, true);
      const lean = run(file, false);
      expect(printModel(lean.model)).toBe(printModel(kept.model));
      expect(deltas(lean)).toEqual(deltas(kept));
      const held = lean.model.streams.flatMap((s) => s.chunks).filter((c) => c.kind === 'bytes' && c.data.length > 0);
      expect(held).toEqual([]);
      expect(lean.model.streams.map((s) => s.bytes)).toEqual(kept.model.streams.map((s) => s.bytes));
    });
  }
});
