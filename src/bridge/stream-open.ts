// A stream-open message back to the core's open info: the one mapping every consumer of
// the capture path (the panel, the Playwright fixture) uses.
import type { StreamOpenInfo } from '../core/capture.js';
import type { TapMessage } from './messages.js';

export type StreamOpenMessage = Extract<TapMessage, { readonly kind: 'stream-open' }>;

export function openInfoOf(msg: StreamOpenMessage): StreamOpenInfo {
  return {
    streamId: msg.streamId,
    transport: msg.transport,
    encoding: msg.encoding,
    url: msg.url,
    method: msg.method,
    requestHeaders: msg.requestHeaders,
    ...(msg.requestBody !== undefined ? { requestBody: msg.requestBody } : {}),
    ...(msg.requestBodyNote !== undefined ? { requestBodyNote: msg.requestBodyNote } : {}),
    status: msg.status,
    contentType: msg.contentType,
    startedAt: msg.t,
    ...(msg.requestedAt !== undefined ? { requestedAt: msg.requestedAt } : {}),
    frameUrl: msg.frameUrl,
    ...(msg.replayed !== undefined ? { replayed: msg.replayed } : {}),
  };
}
