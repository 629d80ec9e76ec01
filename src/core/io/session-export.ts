// Writes a session export: every selected stream's captured chunks verbatim (bytes as
// base64), its open and end info, and the findings at export time.
import type { StreamEndInfo, StreamOpenInfo } from '../capture.js';
import type { StreamModel, SessionModel, CapturedChunk } from '../model/types.js';
import { encodeBase64 } from './base64.js';
import {
  SESSION_FORMAT,
  SESSION_VERSION,
  type ExportOptions,
  type SessionChunkV1,
  type SessionFileV1,
  type SessionStreamV1,
} from './session-format.js';

export function selectStreams(model: SessionModel, runKeys?: readonly string[]): readonly StreamModel[] {
  const streams = model.streams;
  if (runKeys === undefined) return streams;
  const wanted = new Set(runKeys);
  return streams.filter((s) => s.runKeys.some((k) => wanted.has(k)));
}

export function chunkToFile(chunk: CapturedChunk): SessionChunkV1 {
  switch (chunk.kind) {
    case 'bytes':
      return { t: chunk.t, kind: 'bytes', dataBase64: encodeBase64(chunk.data) };
    case 'message':
      return { t: chunk.t, kind: 'message', message: { event: chunk.message.event, data: chunk.message.data, lastEventId: chunk.message.lastEventId } };
    case 'event':
      return { t: chunk.t, kind: 'event', event: chunk.event };
  }
}

/** Field by field in the documented order, whatever shape the capturer handed over. */
export function openToFile(o: StreamOpenInfo): StreamOpenInfo {
  return {
    streamId: o.streamId,
    transport: o.transport,
    encoding: o.encoding,
    url: o.url,
    method: o.method,
    requestHeaders: { ...o.requestHeaders },
    ...(o.requestBody !== undefined ? { requestBody: o.requestBody } : {}),
    ...(o.requestBodyNote !== undefined ? { requestBodyNote: o.requestBodyNote } : {}),
    status: o.status,
    contentType: o.contentType,
    startedAt: o.startedAt,
    ...(o.frameUrl !== undefined ? { frameUrl: o.frameUrl } : {}),
  };
}

function endToFile(e: StreamEndInfo): StreamEndInfo {
  return { reason: e.reason, t: e.t, ...(e.error !== undefined ? { error: e.error } : {}) };
}

function streamToFile(stream: StreamModel): SessionStreamV1 {
  return {
    open: openToFile(stream.info),
    ...(stream.end !== undefined ? { end: endToFile(stream.end) } : {}),
    chunks: stream.chunks.map(chunkToFile),
  };
}

/** One chunk per line keeps big exports diffable and readable without a JSON viewer. */
export function serializeSession(file: SessionFileV1): string {
  const { streams, findings, redactions, ...head } = file;
  const lines: string[] = ['{'];
  for (const [key, value] of Object.entries(head)) lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value)},`);
  lines.push('  "streams": [');
  streams.forEach((s, i) => {
    const { chunks, ...rest } = s;
    const fields = Object.entries(rest).map(([k, v]) => `      ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
    lines.push('    {', ...fields, '      "chunks": [');
    chunks.forEach((c, j) => lines.push(`        ${JSON.stringify(c)}${j < chunks.length - 1 ? ',' : ''}`));
    lines.push('      ]', `    }${i < streams.length - 1 ? ',' : ''}`);
  });
  lines.push('  ],');
  const tail: string[] = [];
  tail.push(`  "findings": [${findings.map((f) => `\n    ${JSON.stringify(f)}`).join(',')}${findings.length > 0 ? '\n  ' : ''}]`);
  if (redactions !== undefined) {
    tail.push(`  "redactions": [${redactions.map((r) => `\n    ${JSON.stringify(r)}`).join(',')}${redactions.length > 0 ? '\n  ' : ''}]`);
  }
  lines.push(tail.join(',\n'), '}');
  return `${lines.join('\n')}\n`;
}

export function exportSession(model: SessionModel, options: ExportOptions): string {
  const streams = selectStreams(model, options.runKeys);
  const ids = new Set(streams.map((s) => s.info.streamId));
  const file: SessionFileV1 = {
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    exportedAt: options.exportedAt,
    extensionVersion: options.extensionVersion,
    redacted: false,
    streams: streams.map(streamToFile),
    findings: model.findings.filter((f) => ids.has(f.streamId)),
  };
  return serializeSession(file);
}
