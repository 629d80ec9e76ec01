// Captured material as the session file writes it: field by field in the documented
// order, whatever shape the capturer handed over (bytes as base64), so export → import →
// export gives the same bytes.
import type { StreamEndInfo, StreamOpenInfo } from '../capture.js';
import type { CapturedChunk } from '../model/types.js';
import { encodeBase64 } from './base64.js';
import type { SessionChunkV1 } from './session-format.js';

export function chunkToFile(chunk: CapturedChunk): SessionChunkV1 {
  switch (chunk.kind) {
    case 'bytes':
      return { t: chunk.t, kind: 'bytes', dataBase64: encodeBase64(chunk.data) };
    case 'message':
      return {
        t: chunk.t,
        kind: 'message',
        message: { event: chunk.message.event, data: chunk.message.data, lastEventId: chunk.message.lastEventId },
      };
    case 'event':
      return { t: chunk.t, kind: 'event', event: chunk.event };
  }
}

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
    ...(o.requestedAt !== undefined ? { requestedAt: o.requestedAt } : {}),
    ...(o.frameUrl !== undefined ? { frameUrl: o.frameUrl } : {}),
    ...(o.replayed !== undefined
      ? {
          replayed: {
            source: o.replayed.source,
            armId: o.replayed.armId,
            index: o.replayed.index,
            ...(o.replayed.recordedUrl !== undefined ? { recordedUrl: o.replayed.recordedUrl } : {}),
          },
        }
      : {}),
  };
}

export function endToFile(e: StreamEndInfo): StreamEndInfo {
  return { reason: e.reason, t: e.t, ...(e.error !== undefined ? { error: e.error } : {}) };
}
