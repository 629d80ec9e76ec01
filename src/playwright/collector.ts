// The test-side end of the tap: validated tap messages into one Inspector per browser
// context, as the panel's capture store does for a tab.
import { isRelayMessage } from '../bridge/guards.js';
import { chunkBytes } from '../bridge/chunk-bytes.js';
import { createInspector } from '../core/pipeline/create-inspector.js';
import type { SessionModel } from '../core/model/types.js';
import { openInfoOf } from '../bridge/stream-open.js';

export interface Collector {
  /** Takes one message from a page; anything malformed is ignored. */
  accept(msg: unknown): void;
  readonly received: () => number;
  readonly model: () => SessionModel;
}

export function createCollector(): Collector {
  const inspector = createInspector();
  let received = 0;
  return {
    accept(msg) {
      received++;
      if (!isRelayMessage(msg)) return;
      switch (msg.kind) {
        case 'stream-open':
          inspector.openStream(openInfoOf(msg));
          return;
        case 'stream-chunk': {
          const bytes = chunkBytes(msg);
          if (bytes !== undefined) inspector.appendBytes(msg.streamId, bytes, msg.t);
          return;
        }
        case 'stream-message':
          inspector.appendMessage(
            msg.streamId,
            { event: msg.event, data: msg.data, lastEventId: msg.lastEventId },
            msg.t,
          );
          return;
        case 'stream-end':
          inspector.endStream(msg.streamId, {
            reason: msg.reason,
            t: msg.t,
            ...(msg.error !== undefined ? { error: msg.error } : {}),
          });
          return;
        default:
          return;
      }
    },
    received: () => received,
    model: () => inspector.model,
  };
}
