// waitForQuiet with a stand-in context: pages that count the round trips made to them, and an
// activity the test moves. What a round trip brings in restarts the idle wait; the deadline
// ends the wait with what is open; `enough` holds the verdict back.
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from '@playwright/test';
import type { Activity } from './activity.js';
import type { Collector } from './collector.js';
import { waitForQuiet } from './quiet.js';

interface Rig {
  readonly context: BrowserContext;
  readonly collector: Collector;
  readonly activity: Activity;
  /** Round trips made to the pages so far. */
  roundTrips(): number;
  setOpen(lines: string[]): void;
  /** A message arrived: the idle wait starts again from now. */
  touch(): void;
  /** Runs at each round trip (what a page's pending messages would do). */
  onRoundTrip(fn: () => void): void;
}

function rig(): Rig {
  let trips = 0;
  let received = 0;
  let open: string[] = [];
  let changed = Date.now();
  let hook = () => undefined as void;
  const page = {
    evaluate: () => {
      trips++;
      hook();
      return Promise.resolve(0);
    },
  };
  return {
    context: { pages: () => [page] } as unknown as BrowserContext,
    collector: { backlog: () => 0, received: () => received } as unknown as Collector,
    activity: { open: () => open, lastChange: () => changed, dispose: () => undefined },
    roundTrips: () => trips,
    setOpen: (lines) => void (open = lines),
    touch: () => {
      received++;
      changed = Date.now();
    },
    onRoundTrip: (fn) => void (hook = fn),
  };
}

describe('waitForQuiet', () => {
  it('waits again when a round trip brings something in', async () => {
    const r = rig();
    let broughtAt: number | undefined;
    // The first round trip flushes a message the page had sent: the context is not quiet yet.
    r.onRoundTrip(() => {
      if (broughtAt !== undefined) return;
      broughtAt = Date.now();
      r.touch();
    });
    const outcome = await waitForQuiet(r.context, r.collector, r.activity, { idleMs: 100, deadline: Infinity });
    expect(outcome.quiet).toBe(true);
    expect(r.roundTrips()).toBeGreaterThanOrEqual(2);
    expect(Date.now() - broughtAt!).toBeGreaterThanOrEqual(100);
  });

  it('ends at the deadline with what is still open', async () => {
    const r = rig();
    const line = 'POST http://app.test/agent (request in flight 0.3 s)';
    r.setOpen([line]);
    const started = Date.now();
    const outcome = await waitForQuiet(r.context, r.collector, r.activity, {
      idleMs: 50,
      deadline: started + 200,
    });
    expect(outcome).toEqual({ quiet: false, open: [line] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(195);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('is not quiet until enough has arrived', async () => {
    const r = rig();
    let runs = 0;
    setTimeout(() => (runs = 2), 150);
    const outcome = await waitForQuiet(r.context, r.collector, r.activity, {
      idleMs: 0,
      deadline: Infinity,
      enough: () => runs >= 2,
    });
    expect(outcome.quiet).toBe(true);
    expect(runs).toBe(2);
  });
});
