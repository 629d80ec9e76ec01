// The test-side end of the tap: validated tap messages into one Inspector per browser
// context, as the panel's capture store does for a tab (both through feedInspector).
// Messages are queued as they arrive and fed in slices between other work: a page
// streaming thousands of events a second otherwise kept the test's event loop busy for
// seconds, and an assertion's deadline timer fired that late.
import { isRelayMessage } from '../bridge/guards.js';
import { feedInspector } from '../bridge/feed-inspector.js';
import { createInspector } from '../core/pipeline/create-inspector.js';
import type { SessionModel } from '../core/model/types.js';
import type { TimingLimits } from '../core/catalogue/timing.js';

export interface Collector {
  /** Takes one message from a page; anything malformed is ignored. */
  accept(msg: unknown): void;
  readonly received: () => number;
  /** The model with every message received so far fed in. */
  readonly model: () => SessionModel;
  /** Judges the open streams at `now` (a body still open after its run ended, a stall). */
  tick(now: number): void;
  /** The model as far as it has been fed, at once (what a deadline judges). */
  readonly modelSoFar: () => SessionModel;
  /** Messages received and not yet fed. */
  readonly backlog: () => number;
}

/** How long one slice of feeding may hold the event loop. */
const SLICE_MS = 4;

export function createCollector(timing: Partial<TimingLimits> = {}): Collector {
  const inspector = createInspector({ timing });
  let received = 0;
  let queue: unknown[] = [];
  let head = 0;
  let scheduled = false;
  const feed = (msg: unknown) => {
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
  };
  const feedUntil = (until: number) => {
    while (head < queue.length && performance.now() < until) feed(queue[head++]);
    if (head === queue.length) {
      queue = [];
      head = 0;
    }
  };
  const pump = () => {
    scheduled = false;
    feedUntil(performance.now() + SLICE_MS);
    if (head < queue.length) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(pump);
  };
  return {
    accept(msg) {
      received++;
      queue.push(msg);
      schedule();
    },
    received: () => received,
    model: () => {
      feedUntil(Infinity);
      return inspector.model;
    },
    modelSoFar: () => inspector.model,
    backlog: () => queue.length - head,
    tick: (now) => inspector.tick(now),
  };
}
