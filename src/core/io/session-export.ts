// Session exports from the model: the selected streams' captured chunks (bytes as
// base64), open and end info. Every export goes through the one redaction in ./redact:
// a plain export loses its credentials, a redacted one all its data.
import type { StreamModel, SessionModel } from '../model/types.js';
import { describeCounts, type RedactionReport } from './redact/options.js';
import { writeRedactedSession, writeSession } from './redact/session-file.js';
import type { ExportOptions } from './session-format.js';
import type { Capture } from './types.js';

export function selectStreams(model: SessionModel, runKeys?: readonly string[]): readonly StreamModel[] {
  const streams = model.streams;
  if (runKeys === undefined) return streams;
  const wanted = new Set(runKeys);
  return streams.filter((s) => s.runKeys.some((k) => wanted.has(k)));
}

/** The one read of a stream's captured material from the model. */
function captureOf(stream: StreamModel): Capture {
  return { open: stream.info, pieces: stream.chunks, ...(stream.end !== undefined ? { end: stream.end } : {}) };
}

export function exportSession(model: SessionModel, options: ExportOptions): string {
  const streams = selectStreams(model, options.runKeys);
  const ids = new Set(streams.map((s) => s.info.streamId));
  const findings = model.findings.filter((f) => ids.has(f.streamId));
  return writeSession(streams.map(captureOf), options, findings, undefined).text;
}

export interface RedactedExport {
  readonly text: string;
  /** What was replaced, for people: counts by kind, then where credentials were removed. */
  readonly redactions: readonly string[];
  readonly report: RedactionReport;
}

export function exportRedacted(model: SessionModel, options: ExportOptions): RedactedExport {
  const captures = selectStreams(model, options.runKeys).map(captureOf);
  const { text, report, differs, keptScalars } = writeRedactedSession(captures, options, {
    hideLengths: options.hideLengths === true,
    ...(options.strict === true ? { strict: true } : {}),
  });
  return {
    text,
    report,
    redactions: [
      ...describeCounts(report),
      ...verificationNotes(keptScalars, differs),
      ...report.credentials.map((c) => `credential removed: ${c}`),
    ],
  };
}

/** What people are told when the redaction had to keep values, or could not keep the findings. */
export function verificationNotes(keptScalars: boolean, differs: boolean, carried = true): string[] {
  const where = carried ? ': its "redaction.findingsBefore" lists the original\'s findings' : '';
  return [
    ...(keptScalars ? ['numbers and booleans kept: masking them changed what lint finds'] : []),
    ...(differs ? [`the redacted copy lints differently from the original${where}`] : []),
  ];
}
