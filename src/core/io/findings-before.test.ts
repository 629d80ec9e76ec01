// A redacted session's findings before masking, read back and held against the masked
// data's: which the masked data no longer shows, which it adds, and what print says.
import { describe, expect, it } from 'vitest';
import { printModel } from '../print/print-model.js';
import { againstOriginal, readFindingsBefore } from './findings-before.js';
import { ADDED_RULE, faithfulSession, KEPT_RULE, LOST, redactedSession } from './findings-before.test-helper.js';
import { inspectBytes } from './inspect-bytes.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('redaction.findingsBefore', () => {
  it('is read with each stream index turned into the id of the stream read there', () => {
    const records = [
      { rule: 'a/one', severity: 'error', stream: 0, events: [2, 1] },
      { rule: 'a/two', severity: 'notice', stream: 2, events: [5] },
      { rule: 'a/gone', severity: 'error', stream: 1, events: [0] },
      { rule: 'a/bad', severity: 'fatal', stream: 0, events: [] },
      'not a record',
    ];
    // Stream 1 was not readable: its finding has no stream to stand on.
    const ids = new Map([
      [0, 'stream-0'],
      [2, 'stream-2'],
    ]);
    expect(readFindingsBefore({ findingsBefore: records }, ids)).toEqual([
      { rule: 'a/one', severity: 'error', streamId: 'stream-0', events: [2, 1] },
      { rule: 'a/two', severity: 'notice', streamId: 'stream-2', events: [5] },
    ]);
    expect(readFindingsBefore({ counts: {} }, ids)).toBeUndefined();
  });

  it("comes with a redacted session's load, and print holds it against the masked data", () => {
    const inspected = inspectBytes('s.json', bytes(redactedSession().text));
    if (!inspected.ok) throw new Error(inspected.error);
    const original = inspected.findingsBefore ?? [];
    expect(original.map((f) => f.rule)).toEqual([LOST.rule, KEPT_RULE]);
    const compared = againstOriginal(inspected.model.findings, original);
    expect(compared.lost.map((f) => `${f.rule}#${f.events.join(',')}`)).toEqual([`${LOST.rule}#3`]);
    expect(compared.added.map((f) => f.rule)).toEqual([ADDED_RULE]);
    expect(compared.shownAs.map((f) => f?.rule)).toEqual([undefined, KEPT_RULE]);

    const text = printModel(inspected.model, { findingsBefore: original });
    expect(text).toMatch(
      /^findings before redaction: 2 \(redacted file: the masked data shows 1 of them and 1 the original did not have\)$/m,
    );
    expect(text).toMatch(/^ {2}error tool-call\/args-schema-mismatch \S+ #3 \(the masked data does not show it\)$/m);
    expect(text).toMatch(/^ {2}notice tool-call\/reopened \S+ #6$/m);
    expect(text).toMatch(/^ {2}error tool-call\/reopen-name-mismatch .*\(not in the original: redaction made it\)$/m);
  });

  it('prints one line when the masked data shows the same findings, and nothing for other files', () => {
    const inspected = inspectBytes('s.json', bytes(faithfulSession()));
    if (!inspected.ok || inspected.findingsBefore === undefined) throw new Error('no findingsBefore');
    const text = printModel(inspected.model, { findingsBefore: inspected.findingsBefore });
    expect(text).toMatch(/^findings before redaction: the same 2 as the masked data$/m);
    expect(text).not.toMatch(/redaction made it|does not show it/);
    expect(printModel(inspected.model)).not.toMatch(/before redaction/);
  });
});
