// `redact` for a whole file: recognises the format from the content (as loadFile does)
// and writes the same format back with every data value masked and every credential
// removed, so the redacted file lints like the original. Never throws.
import { looksLikeProto } from '../proto-sniff.js';
import { BUG_REPORT_FORMAT } from '../bug-report.js';
import { SESSION_FORMAT } from '../session-format.js';
import { loadSession } from '../session-read.js';
import { decodeUtf8, encodeUtf8, isRecord, num, parseJson, str } from '../text.js';
import { redactSseBytes } from './body.js';
import { encodeKeepingInvalid } from './mask.js';
import { parseAll, streamRedactor } from './events.js';
import { redactHarValue } from './har.js';
import { createReport, type RedactionReport, type RedactOptions } from './options.js';
import { redactProtoBytes } from './proto-body.js';
import { writeRedactedSession } from './session-file.js';
import { findingsOfFile, verifiedRedaction } from './verify.js';
import { verificationNotes } from '../session-export.js';

export type RedactedFormat = 'har' | 'session' | 'sse' | 'proto' | 'jsonl' | 'json-array' | 'json-event';

export type RedactFileResult =
  | {
      readonly ok: true;
      readonly format: RedactedFormat;
      readonly bytes: Uint8Array;
      readonly report: RedactionReport;
      readonly notes: readonly string[];
    }
  | { readonly ok: false; readonly error: string };

const DATA_LINE = /(?:^|[\r\n])data:/;
// As loadFile sniffs: an SSE body shows a data field near its start.
const SNIFF_CHARS = 1 << 20;

function jsonl(text: string, options: RedactOptions, report: RedactionReport): string {
  const lines = text.split('\n');
  const redactor = streamRedactor(parseAll(lines), options, report);
  return lines.map((line, slot) => redactor.text(slot, line).text).join('\n');
}

function jsonDocument(
  name: string,
  text: string,
  value: unknown,
  options: RedactOptions,
  report: RedactionReport,
): RedactFileResult {
  const done = (format: RedactedFormat, out: string, notes: readonly string[] = []): RedactFileResult => ({
    ok: true,
    format,
    bytes: encodeUtf8(out),
    report,
    notes,
  });
  if (Array.isArray(value)) return done('json-array', streamRedactor(value, options, report).list(text).text);
  if (!isRecord(value)) return { ok: false, error: `${name}: JSON, but not a HAR, a session or AG-UI events` };
  // A bug report's summary is prose and its picture pixels: neither can be masked, so the
  // redacted file is its session alone.
  if (value['format'] === BUG_REPORT_FORMAT) {
    const session = value['session'];
    if (!isRecord(session)) return { ok: false, error: `${name}: a bug report without a "session" object` };
    const inner = jsonDocument(name, JSON.stringify(session), session, options, report);
    return inner.ok
      ? {
          ...inner,
          notes: [
            ...inner.notes,
            `${name}: a bug report: wrote its session, redacted; its summary and timeline picture were left out`,
          ],
        }
      : inner;
  }
  if (value['format'] === SESSION_FORMAT) {
    const loaded = loadSession(name, value);
    if (!loaded.ok) return loaded;
    const meta = {
      exportedAt: num(value['exportedAt']) ?? 0,
      extensionVersion: str(value['extensionVersion']) ?? '',
      ...(loaded.sessionNotes !== undefined ? { notes: loaded.sessionNotes } : {}),
    };
    const written = writeRedactedSession(loaded.captures, meta, options);
    Object.assign(report.counts, written.report.counts);
    report.credentials.push(...written.report.credentials);
    return done('session', written.text, loaded.notes);
  }
  if ('log' in value) return done('har', `${JSON.stringify(redactHarValue(value, options, report), null, 2)}\n`);
  if (typeof value['type'] === 'string')
    return done('json-event', streamRedactor([value], options, report).text(0, text).text);
  return {
    ok: false,
    error: `${name}: JSON, but not a HAR (log.entries), an AG-UI Inspector session or AG-UI events (objects with "type")`,
  };
}

function redactText(
  name: string,
  bytes: Uint8Array,
  text: string,
  options: RedactOptions,
  report: RedactionReport,
): RedactFileResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const start = body.trimStart();
  if (start.startsWith('{') || start.startsWith('[')) {
    const parsed = parseJson(body);
    if (parsed.ok) return jsonDocument(name, text, parsed.value, options, report);
    const first = parseJson(start.split('\n', 1)[0] ?? '');
    if (first.ok && isRecord(first.value))
      return { ok: true, format: 'jsonl', bytes: encodeUtf8(jsonl(text, options, report)), report, notes: [] };
    return { ok: false, error: `${name}: not valid JSON (${parsed.message})` };
  }
  if (DATA_LINE.test(body))
    return { ok: true, format: 'sse', bytes: redactSseBytes(bytes, options, report), report, notes: [] };
  return {
    ok: false,
    error: `${name}: unrecognised content: not a HAR, an inspector session, JSON/JSONL events, an SSE body or an AG-UI protobuf body`,
  };
}

/**
 * The file redacted so that it lints as the original does (./verify.ts): if masking data's
 * numbers and booleans changed the findings, they are kept, and the notes say so.
 */
export function redactFile(name: string, bytes: Uint8Array, options: RedactOptions): RedactFileResult {
  const verified = verifiedRedaction(
    findingsOfFile(name, bytes),
    options,
    (o) => redactOnce(name, bytes, o),
    (result) => (result.ok ? findingsOfFile(name, result.bytes) : undefined),
  );
  const { result } = verified;
  const notes = verificationNotes(verified.keptScalars, verified.differs, result.ok && result.format === 'session');
  return result.ok && notes.length > 0 ? { ...result, notes: [...result.notes, ...notes] } : result;
}

function redactOnce(name: string, bytes: Uint8Array, options: RedactOptions): RedactFileResult {
  const report = createReport();
  try {
    if (bytes.length === 0) return { ok: false, error: `${name}: the file is empty` };
    if (looksLikeProto(bytes))
      return { ok: true, format: 'proto', bytes: redactProtoBytes(bytes, options, report).bytes, report, notes: [] };
    const text = decodeUtf8(bytes);
    if (text !== undefined) return redactText(name, bytes, text, options, report);
    // As lint reads it (loadFile): an event-stream body with bytes that are not UTF-8 is still
    // one. Its copy keeps invalid bytes where they were, so it lints the same (sse/invalid-utf8).
    const lossy = new TextDecoder('utf-8').decode(bytes.subarray(0, SNIFF_CHARS));
    if (DATA_LINE.test(lossy) && !lossy.includes('\u0000'))
      return {
        ok: true,
        format: 'sse',
        bytes: redactSseBytes(bytes, options, report, encodeKeepingInvalid),
        report,
        notes: [],
      };
    return { ok: false, error: `${name}: binary data that is neither UTF-8 text nor an AG-UI protobuf body` };
  } catch (e) {
    return { ok: false, error: `${name}: could not be redacted (${e instanceof Error ? e.message : String(e)})` };
  }
}
