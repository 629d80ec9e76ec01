// Waiting for a browser context's AG-UI traffic to go quiet: nothing in flight (./activity.ts)
// and nothing new for `idleMs`, so a run the page starts right after another (a frontend
// tool's answer) is waited for too. Gives up at the deadline, saying what was still open.
import type { BrowserContext } from '@playwright/test';
import type { Activity } from './activity.js';
import type { Collector } from './collector.js';

/** How long the context must stay quiet, by default, before its streams are judged. */
export const DEFAULT_IDLE_MS = 150;
const POLL_MS = 25;

/** Resolves with `value` at `deadline` (ms since epoch), or never for Infinity. */
export function atDeadline<T>(deadline: number, value: T): { promise: Promise<T>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<T>((done) => {
    if (Number.isFinite(deadline)) timer = setTimeout(() => done(value), Math.max(0, deadline - Date.now()));
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * Lets messages the pages already sent reach the collector before it is read. A page busy
 * streaming keeps sending, so the rounds stop at the deadline: a round trip to a page under
 * a 5,000-event stream took seconds, and a web-first assertion must end on time.
 */
export async function settle(context: BrowserContext, collector: Collector, deadline = Infinity): Promise<void> {
  for (let round = 0; round < 20 && Date.now() < deadline; round++) {
    const before = collector.received();
    const timer = atDeadline(deadline, undefined);
    await Promise.race([
      Promise.all(context.pages().map((p) => p.evaluate(() => 0).catch(() => undefined))),
      timer.promise,
    ]);
    timer.cancel();
    if (collector.received() === before) return;
  }
}

export interface QuietOutcome {
  readonly quiet: boolean;
  /** What was still in flight when the deadline passed (empty when quiet). */
  readonly open: readonly string[];
}

export interface QuietOptions {
  readonly idleMs: number;
  /** ms since epoch; Infinity waits for as long as the test lets it. */
  readonly deadline: number;
  /** Checked after each settle: more than quiet is needed (e.g. a number of runs). */
  readonly enough?: () => boolean;
}

export async function waitForQuiet(
  context: BrowserContext,
  collector: Collector,
  activity: Activity,
  opts: QuietOptions,
): Promise<QuietOutcome> {
  for (;;) {
    await settle(context, collector, opts.deadline);
    const open = activity.open();
    const now = Date.now();
    if (
      open.length === 0 &&
      collector.backlog() === 0 &&
      now - activity.lastChange() >= opts.idleMs &&
      (opts.enough?.() ?? true)
    )
      return { quiet: true, open };
    if (now >= opts.deadline) return { quiet: false, open };
    await new Promise((done) => setTimeout(done, Math.min(POLL_MS, Math.max(1, opts.deadline - now))));
  }
}
