// The one loader behind the CLI and the panel's import. Content decides the format; the
// file extension only breaks ties and sharpens error messages. Never throws.
import { loadHar } from './har.js';
import { looksLikeProto } from './proto-sniff.js';
import { loadBodyBytes, loadJsonArray, loadJsonl } from './raw-body.js';
import { SESSION_FORMAT } from './session-format.js';
import { loadSession } from './session-read.js';
import { BUG_REPORT_FORMAT, loadBugReport } from './bug-report.js';
import { decodeUtf8, extensionOf, isRecord, parseJson } from './text.js';
import type { LoadResult } from './types.js';

const PROTO_EXTENSIONS = new Set(['bin', 'pb', 'proto']);
const SSE_EXTENSIONS = new Set(['sse', 'txt', 'event-stream']);
const JSON_EXTENSIONS = new Set(['har', 'json']);
// SSE bodies are recognised by a data field near the start; keep-alive comments may precede it.
const SNIFF_CHARS = 1 << 20;
const DATA_LINE = /(?:^|[\r\n])data:/;

function loadJsonDocument(name: string, value: unknown): LoadResult {
  if (Array.isArray(value)) return loadJsonArray(name, value);
  if (!isRecord(value))
    return {
      ok: false,
      error: `${name}: JSON, but a bare ${value === null ? 'null' : typeof value}, not events, a HAR or a session`,
    };
  if (value['format'] === SESSION_FORMAT) return loadSession(name, value);
  if (value['format'] === BUG_REPORT_FORMAT) return loadBugReport(name, value);
  if ('log' in value) return loadHar(name, value);
  if (typeof value['type'] === 'string') return loadJsonArray(name, [value]);
  const format = value['format'];
  if (typeof format === 'string')
    return { ok: false, error: `${name}: unknown JSON file format ${JSON.stringify(format)}` };
  return {
    ok: false,
    error: `${name}: JSON, but not a HAR (log.entries), an AG-UI Inspector session ("format": "${SESSION_FORMAT}") or AG-UI events (objects with "type")`,
  };
}

/** A load result, or 'sse' when the text is an event-stream body (loaded from the exact bytes). */
function loadText(name: string, text: string, ext: string): LoadResult | 'sse' {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const start = body.trimStart();
  const first = start[0];
  if (first === '{' || first === '[') {
    const parsed = parseJson(body);
    if (parsed.ok) return loadJsonDocument(name, parsed.value);
    const firstLine = start.split('\n', 1)[0] ?? '';
    const lineParsed = parseJson(firstLine);
    // JSONL: the whole file is not one JSON value but its first line is an event object.
    if (first === '{' && !JSON_EXTENSIONS.has(ext) && lineParsed.ok && isRecord(lineParsed.value)) {
      return loadJsonl(name, body);
    }
    const what = ext === 'har' ? 'a HAR file that is not valid JSON' : 'not valid JSON';
    return { ok: false, error: `${name}: ${what} (${parsed.message})` };
  }
  if (DATA_LINE.test(body.slice(0, SNIFF_CHARS))) return 'sse';
  if (SSE_EXTENSIONS.has(ext) && body.trim() === '') {
    return { ok: false, error: `${name}: the event-stream body is empty` };
  }
  return {
    ok: false,
    error: `${name}: unrecognised content: not a HAR, an inspector session, JSON/JSONL events, an SSE body (no "data:" lines) or an AG-UI protobuf body`,
  };
}

export function loadFile(name: string, bytes: Uint8Array): LoadResult {
  try {
    if (bytes.length === 0) return { ok: false, error: `${name}: the file is empty` };
    const ext = extensionOf(name);
    // Before text: a protobuf body can be valid UTF-8 by accident, but text never starts with NUL.
    if (looksLikeProto(bytes)) return loadBodyBytes(name, bytes, 'proto');
    const text = decodeUtf8(bytes);
    if (text === undefined) {
      if (PROTO_EXTENSIONS.has(ext)) {
        const result = loadBodyBytes(name, bytes, 'proto');
        return result.ok
          ? {
              ...result,
              notes: [`${name}: the bytes do not start with a plausible 4-byte length prefix; decoding anyway`],
            }
          : result;
      }
      // An event-stream body with a few bytes that are not UTF-8 is still an event stream:
      // the decoder reads them as U+FFFD and reports sse/invalid-utf8 at their events.
      const lossy = new TextDecoder('utf-8').decode(bytes.subarray(0, SNIFF_CHARS));
      if (DATA_LINE.test(lossy) && !lossy.includes('\u0000')) return loadBodyBytes(name, bytes, 'sse');
      return {
        ok: false,
        error: `${name}: binary data that is neither UTF-8 text nor an AG-UI protobuf body (no plausible 4-byte length prefix)`,
      };
    }
    const result = loadText(name, text, ext);
    // SSE bodies keep their exact bytes: line endings and offsets matter to the rules.
    return result === 'sse' ? loadBodyBytes(name, bytes, 'sse', text) : result;
  } catch (e) {
    // Defensive: a loader bug must surface as a load error, not crash the panel or CLI.
    return { ok: false, error: `${name}: could not be read (${e instanceof Error ? e.message : String(e)})` };
  }
}
