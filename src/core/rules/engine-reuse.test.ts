// The engine hands every check one reused check record and place (`c`, `c.at`,
// `c.at.events`), refilled per event. A check that keeps one past its call reads a later
// event's values; this test judges every recorded input with reused and with fresh
// records and fails on any difference.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedCaptures } from '../io/feed.js';
import { loadFile } from '../io/load-file.js';
import { createInspector } from '../pipeline/create-inspector.js';
import { FIXTURE_ROOT, fixtureFiles } from '../pipeline/fixture-files.test-helper.js';
import type { EventCheck } from './check-types.js';
import { createRuleEngine, type ExtraEventCheck } from './engine.js';
import type { At } from './out.js';

function verdicts(file: string, freshPerEvent: boolean, extraChecks: readonly ExtraEventCheck[] = []): string[] {
  const loaded = loadFile(file, new Uint8Array(readFileSync(join(FIXTURE_ROOT, file))));
  // A few fixtures are inputs the loader rejects (snapshot-net.test.ts covers those).
  if (!loaded.ok) return [];
  const inspector = createInspector({
    deps: { createRuleEngine: () => createRuleEngine({ extraChecks, freshPerEvent }) },
  });
  feedCaptures(inspector, loaded.captures);
  return inspector.model.findings.map(
    (f) => `${f.streamId} ${f.rule} @${f.events.join(',')} t=${f.t} ${f.toolCallId ?? ''} ${f.message}`,
  );
}

describe('the reused per-event records', () => {
  const files = fixtureFiles();

  it('are read by no check after its call: every input is judged alike with fresh ones', () => {
    expect(files.length).toBeGreaterThan(10);
    let findings = 0;
    for (const file of files) {
      const fresh = verdicts(file, true);
      findings += fresh.length;
      expect(verdicts(file, false), file).toEqual(fresh);
    }
    expect(findings).toBeGreaterThan(0);
  });

  it('would show a check that keeps its place: the comparison above catches it', () => {
    // A deliberately wrong check: it keeps the place of the first TOOL_CALL_START and
    // reports it at the run's end.
    const keeper = (): ExtraEventCheck => {
      let kept: At | undefined;
      return {
        name: 'test/keeps-its-place',
        check(c: EventCheck) {
          if (c.event.type === 'TOOL_CALL_START' && kept === undefined) kept = c.at;
          if (c.event.type === 'RUN_FINISHED' && kept !== undefined) c.out.add('run/first-event', 'kept', kept);
        },
      };
    };
    const file = files.find((f) => verdicts(f, true, [keeper()]).some((v) => v.endsWith(' kept')));
    expect(file).toBeDefined();
    expect(verdicts(file!, false, [keeper()])).not.toEqual(verdicts(file!, true, [keeper()]));
  });
});
