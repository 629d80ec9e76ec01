// The test-side end of the tap: validated tap messages into one Inspector per browser
// context, as the panel's capture store does for a tab (both through feedInspector).
import { isRelayMessage } from '../bridge/guards.js';
import { feedInspector } from '../bridge/feed-inspector.js';
import { createInspector } from '../core/pipeline/create-inspector.js';
import type { SessionModel } from '../core/model/types.js';
import type { TimingLimits } from '../core/catalogue/timing.js';

export interface Collector {
  /** Takes one message from a page; anything malformed is ignored. */
  accept(msg: unknown): void;
  readonly received: () => number;
  readonly model: () => SessionModel;
  /** Judges the open streams at `now` (a body still open after its run ended, a stall). */
  tick(now: number): void;
}

export function createCollector(timing: Partial<TimingLimits> = {}): Collector {
  const inspector = createInspector({ timing });
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
    tick: (now) => inspector.tick(now),
  };
}
