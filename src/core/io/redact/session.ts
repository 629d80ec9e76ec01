// Redaction of session streams (docs/session-format.md), from the panel's model or from
// a session file read back: credentials (headers, URLs, request and response JSON
// fields) go from every export; a full redaction also masks all data while keeping each
// stream's encoding, framing and chunk times.
import type { StreamOpenInfo } from '../../capture.js';
import type { CapturedChunk } from '../../model/types.js';
import { chunkToFile, endToFile, openToFile } from '../session-chunk.js';
import type { SessionStreamV1 } from '../session-format.js';
import { parseJson } from '../text.js';
import type { Capture } from '../types.js';
import { redactProtoPieces, redactSsePieces } from './body.js';
import { removeBodyCredentials } from './body-credentials.js';
import { streamRedactor } from './events.js';
import { redactHeaderRecord } from './headers.js';
import { redactJsonText } from './json-lex.js';
import { maskText } from './mask.js';
import { count, type RedactionReport, type RedactOptions } from './options.js';
import { removeResponseCredentials } from './response-credentials.js';
import { redactUrl, type Mode } from './url.js';

/** A request body: a RunAgentInput (or any JSON) keeps its structure, other text is masked. */
export function redactRequestBody(body: string, options: RedactOptions, report: RedactionReport): string {
  if (/^\s*[[{]/.test(body)) return redactJsonText(body, { k: 'input' }, { options, report }).text;
  if (body === '') return body;
  count(report, 'non-json');
  return maskText(body.length, options);
}

/** Strict: what was replayed ("customer.har · run-7") names a file and a run: pseudonyms. */
function strictSource(source: string, report: RedactionReport): string {
  const dot = source.indexOf(' · ');
  count(report, 'pseudonym');
  if (dot < 0) return report.pseudonyms.of('file', source);
  const file = source.slice(0, dot);
  const run = source.slice(dot + 3);
  return `${report.pseudonyms.of('file', file)} · ${report.pseudonyms.of('run', run)}`;
}

function redactOpen(info: StreamOpenInfo, where: string, mode: Mode, report: RedactionReport): StreamOpenInfo {
  const scrubbed =
    info.requestBody !== undefined
      ? removeBodyCredentials(
          info.requestBody,
          `${where}.requestBody`,
          report,
          mode.full && mode.options.strict === true,
        )
      : undefined;
  const body = mode.full && scrubbed !== undefined ? redactRequestBody(scrubbed, mode.options, report) : scrubbed;
  return {
    ...info,
    url: redactUrl(info.url, `${where}.url`, mode, report),
    ...(info.frameUrl !== undefined ? { frameUrl: redactUrl(info.frameUrl, `${where}.frameUrl`, mode, report) } : {}),
    ...(info.replayed !== undefined
      ? {
          replayed: {
            ...info.replayed,
            ...(mode.full && mode.options.strict === true
              ? { source: strictSource(info.replayed.source, report) }
              : {}),
            ...(info.replayed.recordedUrl !== undefined
              ? { recordedUrl: redactUrl(info.replayed.recordedUrl, `${where}.replayed.recordedUrl`, mode, report) }
              : {}),
          },
        }
      : {}),
    requestHeaders: redactHeaderRecord(info.requestHeaders, `${where}.requestHeaders`, mode, report),
    ...(body !== undefined ? { requestBody: body } : {}),
  };
}

/**
 * A failed request's answer (an error page, a JSON error) is not AG-UI: no framing to keep,
 * so all of it is masked ('*' per byte, or nothing when lengths are hidden).
 */
function maskFailedBody(bytes: readonly Uint8Array[], options: RedactOptions, report: RedactionReport): Uint8Array[] {
  return bytes.map((piece) => {
    if (piece.length > 0) count(report, 'string');
    return options.hideLengths ? new Uint8Array(0) : new Uint8Array(piece.length).fill(0x2a);
  });
}

/** The chunks with every data value masked; same kinds, times and cut points. */
function redactChunks(
  open: StreamOpenInfo,
  chunks: readonly CapturedChunk[],
  options: RedactOptions,
  report: RedactionReport,
): CapturedChunk[] {
  const bytes = chunks.flatMap((c) => (c.kind === 'bytes' ? [c.data] : []));
  const redactedBytes =
    open.encoding === 'none'
      ? maskFailedBody(bytes, options, report)
      : open.encoding === 'proto'
        ? redactProtoPieces(bytes, options, report)
        : redactSsePieces(bytes, options, report);
  // Messages and decoded events share one plan so their argument deltas join up.
  const payloads = chunks.flatMap((c) => {
    if (c.kind === 'event') return [c.event];
    if (c.kind !== 'message') return [];
    const parsed = parseJson(c.message.data);
    return [parsed.ok ? parsed.value : undefined];
  });
  const redactor = streamRedactor(payloads, options, report);
  let b = 0;
  let slot = 0;
  return chunks.map((c): CapturedChunk => {
    if (c.kind === 'bytes') return { ...c, data: redactedBytes[b++] ?? new Uint8Array() };
    const s = slot++;
    if (c.kind === 'event') return { ...c, event: redactor.value(s, c.event) };
    const data = redactor.text(s, c.message.data).text;
    return { ...c, message: { ...c.message, ...strictMessageFields(c.message, options, report), data } };
  });
}

/** Strict: an EventSource message's event name (but the default one) and id become pseudonyms. */
function strictMessageFields(
  message: { readonly event: string; readonly lastEventId: string },
  options: RedactOptions,
  report: RedactionReport,
): { event?: string; lastEventId?: string } {
  if (options.strict !== true) return {};
  const out: { event?: string; lastEventId?: string } = {};
  if (message.event !== '' && message.event !== 'message') {
    count(report, 'pseudonym');
    out.event = report.pseudonyms.of('event', message.event);
  }
  if (message.lastEventId !== '') {
    count(report, 'pseudonym');
    out.lastEventId = report.pseudonyms.of('id', message.lastEventId);
  }
  return out;
}

export function redactCapture(capture: Capture, index: number, mode: Mode, report: RedactionReport): SessionStreamV1 {
  const where = `streams[${index}].open`;
  let open = redactOpen(capture.open, where, mode, report);
  if (mode.full) {
    // Imported streams are named after their file ("import:/home/ann/acme.har#0"): a name
    // is not structure. Numbering keeps streams apart; a file name as URL goes too.
    const url =
      open.transport === 'import' && !/^[a-z][a-z0-9+.-]*:\/\//i.test(open.url) ? `imported-stream-${index}` : open.url;
    open = { ...open, streamId: `stream-${index}`, url };
  }
  // Credential fields of the events go first, from plain and redacted exports alike.
  const strict = mode.full && mode.options.strict === true;
  const pieces = removeResponseCredentials(capture.open, capture.pieces, `streams[${index}]`, report, !strict);
  const chunks = mode.full ? redactChunks(capture.open, pieces, mode.options, report) : pieces;
  let end = capture.end;
  if (mode.full && end?.error !== undefined && end.error !== '') {
    count(report, 'string');
    end = { ...end, error: maskText(end.error.length, mode.options) };
  }
  return {
    open: openToFile(open),
    ...(end !== undefined ? { end: endToFile(end) } : {}),
    chunks: chunks.map(chunkToFile),
  };
}
