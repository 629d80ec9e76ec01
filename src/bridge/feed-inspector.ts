// A relayed stream message into an Inspector: the one mapping from the capture path's
// messages to the core's facade, used by every consumer of that path (the panel's capture
// store, the Playwright fixture's collector). What each consumer adds (de-duplication,
// pausing, caps, health) stays with it.
import type { Inspector } from '../core/inspector.js';
import { chunkBytes } from './chunk-bytes.js';
import type { RelayMessage } from './messages.js';
import { openInfoOf } from './stream-open.js';

export type StreamMessage = Extract<
  RelayMessage,
  { readonly kind: 'stream-open' | 'stream-chunk' | 'stream-message' | 'stream-end' }
>;

/**
 * Applies one stream message. False, with nothing applied, for a chunk whose base64 does
 * not decode (callers count those). `decode` is the base64 decoder (the core's by default).
 */
export function feedInspector(
  inspector: Inspector,
  msg: StreamMessage,
  decode?: (text: string) => Uint8Array | undefined,
): boolean {
  switch (msg.kind) {
    case 'stream-open':
      inspector.openStream(openInfoOf(msg));
      return true;
    case 'stream-chunk': {
      const bytes = chunkBytes(msg, decode);
      if (bytes === undefined) return false;
      inspector.appendBytes(msg.streamId, bytes, msg.t);
      return true;
    }
    case 'stream-message':
      inspector.appendMessage(msg.streamId, { event: msg.event, data: msg.data, lastEventId: msg.lastEventId }, msg.t);
      return true;
    case 'stream-end':
      inspector.endStream(
        msg.streamId,
        msg.error !== undefined ? { reason: msg.reason, t: msg.t, error: msg.error } : { reason: msg.reason, t: msg.t },
      );
      return true;
  }
}
