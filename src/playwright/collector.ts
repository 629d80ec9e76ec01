// The test-side end of the tap: validated tap messages into one Inspector per browser
// context, as the panel's capture store does for a tab (both through feedInspector).
import { isRelayMessage } from '../bridge/guards.js';
import { feedInspector } from '../bridge/feed-inspector.js';
import { createInspector } from '../core/pipeline/create-inspector.js';
import type { SessionModel } from '../core/model/types.js';

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
        case 'stream-chunk':
        case 'stream-message':
        case 'stream-end':
          feedInspector(inspector, msg);
          return;
        default:
          return;
      }
    },
    received: () => received,
    model: () => inspector.model,
  };
}
