// A captured chunk as the session file writes it (bytes as base64).
import type { CapturedChunk } from '../model/types.js';
import { encodeBase64 } from './base64.js';
import type { SessionChunkV1 } from './session-format.js';

export function chunkToFile(chunk: CapturedChunk): SessionChunkV1 {
  switch (chunk.kind) {
    case 'bytes':
      return { t: chunk.t, kind: 'bytes', dataBase64: encodeBase64(chunk.data) };
    case 'message':
      return { t: chunk.t, kind: 'message', message: chunk.message };
    case 'event':
      return { t: chunk.t, kind: 'event', event: chunk.event };
  }
}
