// The HAR the panel exports reads back as the same session: the same runs and findings
// (what `agui-inspector lint`, `serve` and `probe` read from it).
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/read-fixture.js';
import { createInspector } from '../pipeline/create-inspector.js';
import type { SessionModel } from '../model/types.js';
import { feedCaptures } from './feed.js';
import { sessionToHar } from './har-write.js';
import { loadFile } from './load-file.js';

function modelOf(name: string, bytes: Uint8Array): SessionModel {
  const loaded = loadFile(name, bytes);
  if (!loaded.ok) throw new Error(loaded.error);
  const inspector = createInspector();
  feedCaptures(inspector, loaded.captures);
  return inspector.model;
}

const findings = (m: SessionModel) => m.findings.map((f) => `${f.rule} ${f.severity} ${f.runId ?? ''} ${f.message}`);

describe('sessionToHar', () => {
  for (const name of ['demo/session.har', 'frontend-round-trip.har', 'renamed-reopen.sse', 'chunked-calls.sse']) {
    it(`${name}: exported as HAR and read back, the same runs and findings`, () => {
      const before = modelOf(name, fixture(name));
      expect(before.runs.length).toBeGreaterThan(0);
      const har = sessionToHar(before, 'export.har', '1.2.3');
      const parsed = JSON.parse(har) as { log: { creator: { version: string }; entries: unknown[] } };
      expect(parsed.log.creator.version).toBe('1.2.3');
      expect(parsed.log.entries).toHaveLength(new Set(before.runs.map((r) => r.streamId)).size);
      const after = modelOf('export.har', new TextEncoder().encode(har));
      expect(after.runs.map((r) => r.runId)).toEqual(before.runs.map((r) => r.runId));
      expect(findings(after)).toEqual(findings(before));
    });
  }
});
