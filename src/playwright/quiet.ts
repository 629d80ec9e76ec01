// Waiting for a browser context's AG-UI traffic to go quiet: nothing in flight (./activity.ts)
// and nothing new for `idleMs`, so a run the page starts right after another (a frontend
// tool's answer) is waited for too. Gives up at the deadline, saying what was still open.
import type { BrowserContext } from '@playwright/test';
import type { Activity } from './activity.js';
import type { Collector } from './collector.js';

/** How long the context must stay quiet, by default, before its streams are judged. */
export const DEFAULT_IDLE_MS = 150;
const POLL_MS = 25;

/** Lets messages the pages already sent reach the collector before it is read. */
export async function settle(context: BrowserContext, collector: Collector): Promise<void> {
  for (let round = 0; round < 20; round++) {
    const before = collector.received();
    await Promise.all(context.pages().map((p) => p.evaluate(() => 0).catch(() => undefined)));
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
    await settle(context, collector);
    const open = activity.open();
    const now = Date.now();
    if (open.length === 0 && now - activity.lastChange() >= opts.idleMs && (opts.enough?.() ?? true))
      return { quiet: true, open };
    if (now >= opts.deadline) return { quiet: false, open };
    await new Promise((done) => setTimeout(done, Math.min(POLL_MS, Math.max(1, opts.deadline - now))));
  }
}
