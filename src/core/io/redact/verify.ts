// Redaction must not change what lint finds: a masked number can fall under a schema's
// minimum (`/nights: 0 is less than 1`), a masked boolean can break a `const`. A redaction
// is linted against its original; when the findings differ, it is done again keeping the
// numbers and booleans of data (strings are still masked), and the findings of the
// original travel with the result, so a reader shows the real ones whatever happened.
import type { SessionModel } from '../../model/types.js';
import { inspectBytes } from '../inspect-bytes.js';
import type { FindingRecordV1 } from '../session-format.js';
import type { RedactOptions } from './options.js';

export function findingRecords(model: SessionModel): FindingRecordV1[] {
  const order = new Map(model.streams.map((s, i) => [s.info.streamId, i]));
  return model.findings.map((f) => ({
    rule: f.rule,
    severity: f.severity,
    stream: order.get(f.streamId) ?? -1,
    events: [...f.events],
  }));
}

const keyOf = (r: FindingRecordV1): string => `${r.stream}\t${r.events.join(',')}\t${r.rule}\t${r.severity}`;

export function sameFindings(a: readonly FindingRecordV1[], b: readonly FindingRecordV1[]): boolean {
  if (a.length !== b.length) return false;
  const left = a.map(keyOf).sort();
  const right = b.map(keyOf).sort();
  return left.every((k, i) => k === right[i]);
}

/** The findings of a file as lint reads it; undefined when it does not load. */
export function findingsOfFile(name: string, bytes: Uint8Array): FindingRecordV1[] | undefined {
  const inspected = inspectBytes(name, bytes, { retain: 'findings' });
  return inspected.ok ? findingRecords(inspected.model) : undefined;
}

export interface Verified<T> {
  readonly result: T;
  /** The original's findings; undefined when the original does not load as lint reads it. */
  readonly findings: readonly FindingRecordV1[] | undefined;
  /** True when the masked numbers and booleans changed the findings and were kept instead. */
  readonly keptScalars: boolean;
  /** True when even then the findings differ (the result's readers must trust `findings`). */
  readonly differs: boolean;
}

/**
 * Redacts with `options`, lints the result against `before`, and redacts again keeping
 * data's numbers and booleans when the findings differ (kept only if that makes them equal).
 */
export function verifiedRedaction<T>(
  before: readonly FindingRecordV1[] | undefined,
  options: RedactOptions,
  redact: (options: RedactOptions) => T,
  findingsOf: (result: T) => readonly FindingRecordV1[] | undefined,
): Verified<T> {
  const first = redact(options);
  if (before === undefined) return { result: first, findings: undefined, keptScalars: false, differs: false };
  const firstFindings = findingsOf(first);
  if (firstFindings !== undefined && sameFindings(before, firstFindings))
    return { result: first, findings: before, keptScalars: false, differs: false };
  const second = redact({ ...options, keepScalars: true });
  const secondFindings = findingsOf(second);
  if (secondFindings !== undefined && sameFindings(before, secondFindings))
    return { result: second, findings: before, keptScalars: true, differs: false };
  // Keeping values did not help: the more masked copy, and the original's findings beside it.
  return { result: first, findings: before, keptScalars: false, differs: true };
}
