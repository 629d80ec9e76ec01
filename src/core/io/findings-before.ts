// A redacted session carries the findings of its original (`redaction.findingsBefore`,
// docs/session-format.md): masked data can lint differently (a masked value under a schema's
// minimum, text that no longer repeats). Readers show the original's findings beside the
// masked data's, and say which of them the masked data no longer shows and which it adds.
import type { Finding, Severity } from '../findings.js';
import { isRecord } from './text.js';

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'notice'];

/** A finding of the original session: no message (messages quote values), no ids. */
export interface OriginalFinding {
  readonly rule: string;
  readonly severity: Severity;
  /** The stream's id as the loaded file names it. */
  readonly streamId: string;
  /** Raw event indexes in that stream, main first. */
  readonly events: readonly number[];
}

/**
 * The file's `redaction.findingsBefore`, each finding's stream index turned into the id of the
 * stream read at that index; undefined when the file has none. A record naming a stream that
 * was not read, or malformed, is left out.
 */
export function readFindingsBefore(
  redaction: unknown,
  streamIdAt: ReadonlyMap<number, string>,
): OriginalFinding[] | undefined {
  const records = isRecord(redaction) ? redaction['findingsBefore'] : undefined;
  if (!Array.isArray(records)) return undefined;
  return records.flatMap((r: unknown): OriginalFinding[] => {
    if (!isRecord(r) || typeof r['rule'] !== 'string' || typeof r['stream'] !== 'number') return [];
    const severity = SEVERITIES.find((s) => s === r['severity']);
    const streamId = streamIdAt.get(r['stream']);
    const events = Array.isArray(r['events']) ? r['events'].filter((e) => Number.isInteger(e)) : [];
    return severity === undefined || streamId === undefined
      ? []
      : [{ rule: r['rule'], severity, streamId, events: events as number[] }];
  });
}

type Located = Pick<Finding, 'rule' | 'severity' | 'streamId' | 'events'>;

const keyOf = (f: Located): string => `${f.streamId}\t${f.events.join(',')}\t${f.rule}\t${f.severity}`;

export interface FindingsAgainstOriginal {
  /** The original's findings, in its order. */
  readonly original: readonly OriginalFinding[];
  /** The original's findings the masked data no longer shows. */
  readonly lost: readonly OriginalFinding[];
  /** The masked data's findings the original did not have (redaction made them). */
  readonly added: readonly Finding[];
  /** Each original finding's match in the masked data (its message there), by position in `original`. */
  readonly shownAs: readonly (Finding | undefined)[];
}

/** The masked data's findings against the original's (same rule, severity, stream and events). */
export function againstOriginal(
  findings: readonly Finding[],
  original: readonly OriginalFinding[],
): FindingsAgainstOriginal {
  const masked = new Map<string, Finding[]>();
  for (const f of findings) {
    const k = keyOf(f);
    masked.set(k, [...(masked.get(k) ?? []), f]);
  }
  const shownAs = original.map((o) => masked.get(keyOf(o))?.shift());
  const matched = new Set(shownAs);
  const added = findings.filter((f) => !matched.has(f));
  return { original, lost: original.filter((_, i) => shownAs[i] === undefined), added, shownAs };
}
