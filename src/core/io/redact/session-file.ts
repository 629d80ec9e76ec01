// Writes a session file from captures: every export removes credentials and says where;
// a redacted one also masks all data and records how (docs/session-format.md).
import type { Finding } from '../../findings.js';
import { SESSION_FORMAT, sessionVersionFor, type FindingRecordV1, type SessionFileV1 } from '../session-format.js';
import { serializeSession } from '../session-serialize.js';
import { notesForExport, type SessionNoteV1 } from '../session-notes.js';
import type { Capture } from '../types.js';
import { createReport, type RedactionReport, type RedactOptions } from './options.js';
import { redactCapture } from './session.js';
import { encodeUtf8 } from '../text.js';
import { findingsOfFile, verifiedRedaction } from './verify.js';

export interface SessionMeta {
  readonly exportedAt: number;
  readonly extensionVersion: string;
  readonly notes?: readonly SessionNoteV1[];
}

export interface WrittenSession {
  readonly text: string;
  readonly report: RedactionReport;
}

/** What a redacted session carries about its findings before masking (./verify.ts). */
export interface CarriedFindings {
  readonly findingsBefore?: readonly FindingRecordV1[];
  readonly keptScalars?: boolean;
}

/** `redact` undefined: a plain export (credentials removed only), with the given findings. */
export function writeSession(
  captures: readonly Capture[],
  meta: SessionMeta,
  findings: readonly Finding[],
  redact: RedactOptions | undefined,
  carried: CarriedFindings = {},
): WrittenSession {
  const report = createReport();
  const mode = redact === undefined ? ({ full: false } as const) : ({ full: true, options: redact } as const);
  const streams = captures.map((c, i) => redactCapture(c, i, mode, report));
  const file: SessionFileV1 = {
    format: SESSION_FORMAT,
    version: sessionVersionFor(streams),
    exportedAt: meta.exportedAt,
    extensionVersion: meta.extensionVersion,
    redacted: redact !== undefined,
    streams,
    // Finding messages quote values; a re-import recomputes them from the redacted data.
    findings: redact === undefined ? findings : [],
    credentialsRemoved: report.credentials,
    ...(redact !== undefined
      ? {
          redaction: {
            hideLengths: redact.hideLengths,
            ...(redact.strict === true ? { strict: true } : {}),
            counts: { ...report.counts },
            ...(carried.keptScalars === true ? { keptScalars: true } : {}),
            ...(carried.findingsBefore !== undefined ? { findingsBefore: carried.findingsBefore } : {}),
          },
        }
      : {}),
    // A redacted export renames its streams: the notes follow them.
    ...(meta.notes !== undefined && meta.notes.length > 0
      ? {
          notes: notesForExport(
            meta.notes,
            captures.map((c) => c.open.streamId),
            streams.map((s) => s.open.streamId),
            redact?.strict === true ? (id) => report.pseudonyms.of('call', id) : undefined,
          ),
        }
      : {}),
  };
  return { text: serializeSession(file), report };
}

/**
 * A redacted session that lints as its original did (./verify.ts): written, linted, and
 * written again keeping data's numbers and booleans if masking them changed the findings;
 * either way it carries the original's findings. `redact.keepScalars` is decided here.
 */
export function writeRedactedSession(
  captures: readonly Capture[],
  meta: SessionMeta,
  redact: RedactOptions,
): WrittenSession & { readonly differs: boolean; readonly keptScalars: boolean } {
  const name = 'session.json';
  const before = findingsOfFile(name, encodeUtf8(writeSession(captures, meta, [], undefined).text));
  const verified = verifiedRedaction(
    before,
    redact,
    (options) => writeSession(captures, meta, [], options),
    (written) => findingsOfFile(name, encodeUtf8(written.text)),
  );
  const options = { ...redact, ...(verified.keptScalars ? { keepScalars: true } : {}) };
  const carried = {
    ...(verified.findings !== undefined ? { findingsBefore: verified.findings } : {}),
    ...(verified.keptScalars ? { keptScalars: true } : {}),
  };
  return {
    ...writeSession(captures, meta, [], options, carried),
    differs: verified.differs,
    keptScalars: verified.keptScalars,
  };
}
