// A check that throws must not cost any other finding: it becomes inspector/internal-error
// naming the check, at the event it failed on, and every other rule keeps running.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedCaptures } from '../io/feed.js';
import { loadFile } from '../io/load-file.js';
import { createInspector } from '../pipeline/create-inspector.js';
import { INTERNAL_RULE } from '../internal-finding.js';
import { createRuleEngine } from './engine.js';

const FIXTURE = join(import.meta.dirname, '../../../test/fixtures/demo/session.har');

function findingsOf(throwOn: string | undefined) {
  const loaded = loadFile('session.har', new Uint8Array(readFileSync(FIXTURE)));
  if (!loaded.ok) throw new Error(loaded.error);
  const extraChecks =
    throwOn === undefined
      ? []
      : [
          {
            name: 'test/always-throws',
            check: (c: { event: { type: string } }) => {
              if (c.event.type === throwOn) throw new Error(`boom on ${throwOn}`);
            },
          },
        ];
  const inspector = createInspector({ deps: { createRuleEngine: () => createRuleEngine({ extraChecks }) } });
  feedCaptures(inspector, loaded.captures);
  return inspector.model.findings;
}

describe('a throwing check', () => {
  it('becomes inspector/internal-error naming it; the other rules’ findings are unchanged', () => {
    const plain = findingsOf(undefined);
    const withThrow = findingsOf('TOOL_CALL_ARGS');
    const internal = withThrow.filter((f) => f.rule === INTERNAL_RULE);
    expect(plain.some((f) => f.rule === INTERNAL_RULE)).toBe(false);
    expect(internal.length).toBeGreaterThan(0);
    expect(
      internal.every((f) => f.message.includes('test/always-throws') && f.message.includes('boom on TOOL_CALL_ARGS')),
    ).toBe(true);
    expect(internal.every((f) => f.events.length === 1 && f.severity === 'warning')).toBe(true);
    expect(withThrow.filter((f) => f.rule !== INTERNAL_RULE)).toEqual(plain);
  });
});
