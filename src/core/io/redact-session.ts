// A session export safe to share: header values, request inputs, tool arguments and
// results (and every other string value that is not a protocol identifier) replaced.
// SSE bodies are re-encoded from the decoded events so the re-import parses them.
import type { StreamOpenInfo } from '../capture.js';
import type { SessionModel, StreamModel } from '../model/types.js';
import { REDACTED } from './headers.js';
import { redactEvents, type EventItem } from './redact-events.js';
import { mask, redactText, redactValue } from './redact-value.js';
import { encodeBase64 } from './base64.js';
import { selectStreams, serializeSession } from './session-export.js';
import { SESSION_FORMAT, SESSION_VERSION, type ExportOptions, type SessionChunkV1, type SessionStreamV1 } from './session-format.js';
import { encodeUtf8, parseJson } from './text.js';
import { eventArray } from '../model/event-list.js';

export interface RedactedExport {
  readonly text: string;
  /** Every path whose value was replaced, e.g. `streams[0].events[7].delta`. */
  readonly redactions: readonly string[];
}

function redactUrl(url: string, path: string, note: (p: string) => void): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url.slice(q + 1).replace(/=([^&#]*)/g, (_m, v: string) => `=${mask(v.length)}`);
  if (query !== url.slice(q + 1)) note(`${path}?query`);
  return `${url.slice(0, q + 1)}${query}`;
}

function redactOpen(info: StreamOpenInfo, path: string, note: (p: string) => void): StreamOpenInfo {
  const requestHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(info.requestHeaders)) {
    if (value !== REDACTED) note(`${path}.requestHeaders.${name}`);
    requestHeaders[name] = REDACTED;
  }
  let requestBody = info.requestBody;
  if (requestBody !== undefined) {
    const parsed = parseJson(requestBody);
    const bodyPath = `${path}.requestBody`;
    if (parsed.ok) requestBody = JSON.stringify(redactValue(parsed.value, bodyPath, note));
    else if (requestBody !== '') {
      note(bodyPath);
      requestBody = redactText(requestBody);
    }
  }
  return {
    ...info,
    url: redactUrl(info.url, `${path}.url`, note),
    ...(info.frameUrl !== undefined ? { frameUrl: redactUrl(info.frameUrl, `${path}.frameUrl`, note) } : {}),
    requestHeaders,
    ...(requestBody !== undefined ? { requestBody } : {}),
  };
}

/** The stream's events as the pipeline decoded them (wire order, one per frame). */
function eventItems(stream: StreamModel): EventItem[] {
  if (stream.info.encoding === 'sse' || stream.info.encoding === 'proto') {
    return eventArray(stream.rawEvents).map((raw) => {
      const bad = raw.problems.find((p) => p.kind === 'invalid-json');
      return {
        t: raw.t,
        payload: raw.payload,
        ...(bad?.kind === 'invalid-json' ? { badText: bad.text } : {}),
        truncated: raw.problems.some((p) => p.kind === 'truncated-frame'),
        ...(raw.sseEvent !== undefined ? { sseEvent: raw.sseEvent } : {}),
        ...(raw.sseId !== undefined ? { sseId: raw.sseId } : {}),
      };
    });
  }
  return stream.chunks.flatMap((chunk): EventItem[] => {
    if (chunk.kind === 'event') return [{ t: chunk.t, payload: chunk.event }];
    if (chunk.kind !== 'message') return [];
    const parsed = parseJson(chunk.message.data);
    return [{ t: chunk.t, payload: parsed.ok ? parsed.value : undefined, badText: chunk.message.data, sseEvent: chunk.message.event }];
  });
}

function eolOf(stream: StreamModel): string {
  return stream.lineEnding === 'crlf' ? '\r\n' : stream.lineEnding === 'cr' ? '\r' : '\n';
}

function redactStream(stream: StreamModel, si: number, note: (p: string) => void): SessionStreamV1 {
  const path = `streams[${si}]`;
  let open = redactOpen(stream.info, `${path}.open`, note);
  const items = eventItems(stream);
  const payloads = redactEvents(items, `${path}.events`, note);
  const text = (i: number): string => {
    const p = payloads[i];
    return p !== undefined ? JSON.stringify(p) : mask(items[i]?.badText?.length ?? 0);
  };
  let chunks: SessionChunkV1[];
  if (open.encoding === 'sse') {
    const eol = eolOf(stream);
    chunks = items.map((item, i) => {
      const fields = [
        ...(item.sseEvent !== undefined ? [`event: ${item.sseEvent}`] : []),
        ...(item.sseId !== undefined ? [`id: ${item.sseId}`] : []),
        `data: ${text(i)}`,
      ];
      // A frame cut off by the end of the body stays cut off.
      const frame = fields.join(eol) + (item.truncated ? '' : eol + eol);
      return { t: item.t, kind: 'bytes', dataBase64: encodeBase64(encodeUtf8(frame)) };
    });
  } else if (open.encoding === 'eventsource') {
    chunks = items.map((item, i) => ({
      t: item.t,
      kind: 'message',
      message: { event: item.sseEvent ?? 'message', data: text(i), lastEventId: '' },
    }));
  } else {
    // Protobuf cannot carry masked or malformed values faithfully: keep the decoded events.
    if (open.encoding === 'proto') {
      note(`${path}: protobuf body replaced by its decoded events`);
      open = { ...open, encoding: 'events', contentType: 'application/json' };
    }
    chunks = items.flatMap((item, i): SessionChunkV1[] =>
      payloads[i] === undefined ? [] : [{ t: item.t, kind: 'event', event: payloads[i] }],
    );
  }
  return { open, ...(stream.end !== undefined ? { end: stream.end } : {}), chunks };
}

export function exportRedacted(model: SessionModel, options: ExportOptions): RedactedExport {
  const redactions: string[] = [];
  const note = (p: string): void => {
    redactions.push(p);
  };
  const streams = selectStreams(model, options.runKeys).map((s, i) => redactStream(s, i, note));
  const text = serializeSession({
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    exportedAt: options.exportedAt,
    extensionVersion: options.extensionVersion,
    redacted: true,
    streams,
    // Finding messages quote values; the re-import recomputes them from redacted data.
    findings: [],
    redactions,
  });
  return { text, redactions };
}
