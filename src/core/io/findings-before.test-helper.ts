// A redacted session whose masked data lints differently from its original, for the tests
// of every reader that shows the original's findings (print, the viewer, the bug report).
// Built from a real redacted export of test/fixtures/renamed-reopen.sse, whose carried
// findings are then changed as a redaction that moved findings would have left them.
import { fixture } from '../../../test/fixtures/read-fixture.js';
import { createInspector } from '../pipeline/create-inspector.js';
import { feedCaptures } from './feed.js';
import { loadFile } from './load-file.js';
import { exportRedacted } from './session-export.js';
import type { FindingRecordV1 } from './session-format.js';

/** Only in the original: an error at event 3 that the masked data no longer shows. */
export const LOST: FindingRecordV1 = {
  rule: 'tool-call/args-schema-mismatch',
  severity: 'error',
  stream: 0,
  events: [3],
};
/** In both: the masked data shows it too. */
export const KEPT_RULE = 'tool-call/reopened';
/** Only in the masked data: the redaction made it (the original did not have it). */
export const ADDED_RULE = 'tool-call/reopen-name-mismatch';

export function redactedSession(): { text: string; original: FindingRecordV1[] } {
  const loaded = loadFile('renamed-reopen.sse', fixture('renamed-reopen.sse'));
  if (!loaded.ok) throw new Error(loaded.error);
  const inspector = createInspector();
  feedCaptures(inspector, loaded.captures);
  const exported = JSON.parse(
    exportRedacted(inspector.model, { exportedAt: 0, extensionVersion: 'test', strict: true }).text,
  ) as { redaction: { findingsBefore: FindingRecordV1[] } };
  const carried = exported.redaction.findingsBefore;
  if (!carried.some((f) => f.rule === ADDED_RULE) || !carried.some((f) => f.rule === KEPT_RULE))
    throw new Error(`the fixture's findings changed: ${JSON.stringify(carried)}`);
  const original = [LOST, ...carried.filter((f) => f.rule !== ADDED_RULE)];
  exported.redaction.findingsBefore = original;
  return { text: JSON.stringify(exported), original };
}

/** The same session with the original's findings the masked data shows exactly. */
export function faithfulSession(): string {
  const loaded = loadFile('renamed-reopen.sse', fixture('renamed-reopen.sse'));
  if (!loaded.ok) throw new Error(loaded.error);
  const inspector = createInspector();
  feedCaptures(inspector, loaded.captures);
  return exportRedacted(inspector.model, { exportedAt: 0, extensionVersion: 'test' }).text;
}
