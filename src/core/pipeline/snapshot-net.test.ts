// The regression net for the core: every recorded fixture and demo scenario, through the
// whole core, printed as text (the model, every call's deltas, every finding) and compared
// with the text recorded before the store was rewritten. A difference is either a bug or
// an intended change that must be named in the commit that re-records it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_ROOT, fixtureFiles } from './fixture-files.test-helper.js';
import { inspectBytes } from '../io/inspect-bytes.js';
import type { SessionModel } from '../model/types.js';
import { printModel } from '../print/print-model.js';

const ROOT = FIXTURE_ROOT;

function deltaLines(model: SessionModel): string[] {
  const out: string[] = [];
  for (const run of model.runs) {
    for (const call of run.toolCalls) {
      const deltas = call.deltas.map((d) => `#${d.event}@${d.offset}+${d.length}/s${d.segment}`);
      out.push(`${run.key} ${call.toolCallId}: ${deltas.join(' ')}`);
    }
  }
  return out;
}

describe('snapshot net: every fixture through the core', () => {
  for (const file of fixtureFiles()) {
    it(file, async () => {
      const result = inspectBytes(file, new Uint8Array(readFileSync(join(ROOT, file))));
      const text = result.ok
        ? [printModel(result.model), 'deltas', ...deltaLines(result.model), 'notes', ...result.notes].join('\n')
        : `error: ${result.error}`;
      await expect(text + '\n').toMatchFileSnapshot(join(ROOT, '../snapshots', `${file.replace('/', '__')}.txt`));
    });
  }
});
