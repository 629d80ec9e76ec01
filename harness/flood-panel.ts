// The panel under a flood (issue 46): a page streams R events/s for S seconds over fetch
// SSE (harness/pages/flood.html, /flood) into an open panel (panel.html?tabId=N); the
// panel's frames are timed inside it by requestAnimationFrame deltas, idle first and then
// under the flood, and its Events count is compared with the events sent. Used by
// `npm run bench:panel` and e2e/panel-flood.spec.ts.
import type { BrowserContext, Page, Worker } from '@playwright/test';

export interface FrameStats {
  readonly frames: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly maxMs: number;
}

export interface FloodResult {
  readonly sent: number;
  /** What the panel's Events tab counts once the stream has ended and the panel caught up. */
  readonly shown: number;
  readonly idle: FrameStats;
  readonly flood: FrameStats;
  /** From the page's last byte read to the panel showing every event. */
  readonly catchUpMs: number;
}

type FrameWindow = { __frames?: number[]; __framesOn?: boolean };

function stats(deltas: readonly number[]): FrameStats {
  const s = [...deltas].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { frames: s.length, medianMs: at(0.5), p95Ms: at(0.95), maxMs: s[s.length - 1] ?? 0 };
}

/**
 * Starts recording the panel's frame deltas (a rAF loop inside the panel page). A string, so
 * no transpiler's helpers (tsx's __name) leak into the page.
 */
const START_FRAMES = `(() => {
  const w = window;
  w.__frames = [];
  w.__framesOn = true;
  let last = 0;
  const loop = (t) => {
    if (!w.__framesOn) return;
    w.__frames.push(t - last);
    last = t;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame((t) => {
    last = t;
    requestAnimationFrame(loop);
  });
})()`;

function startFrames(panel: Page): Promise<void> {
  return panel.evaluate(START_FRAMES);
}

async function stopFrames(panel: Page): Promise<FrameStats> {
  const deltas = await panel.evaluate(() => {
    const w = window as unknown as FrameWindow;
    w.__framesOn = false;
    return w.__frames ?? [];
  });
  return stats(deltas);
}

/** The panel's Events tab count ("Events (N)" or "Events (k of N)": the total). */
export async function eventsShown(panel: Page): Promise<number> {
  const name = (await panel.getByRole('tab', { name: /^Events/ }).textContent()) ?? '';
  const m = /\((?:\d+ of )?(\d+)\)/.exec(name.replace(/[\s,]/g, (c) => (c === ',' ? '' : c)));
  return m ? Number(m[1]) : 0;
}

/**
 * Opens the pop-out panel for `tabId` in a window of its own, as DevTools sits beside the
 * page. Not a tab behind the page: Chromium does not draw a background tab, so a panel
 * there that changes its DOM waits about a second for each frame to be taken (frames of
 * 1016 ms with its main thread 86 % idle, where the same panel in a window draws every
 * 16.7 ms): that measured the browser, not the panel. (The e2e fixture openPanelTab does the
 * same.)
 */
/** The flood page in the browser's first tab, in front, and that tab's id. */
export async function openFloodPage(
  context: BrowserContext,
  sw: Worker,
  serverUrl: string,
): Promise<{ page: Page; tabId: number }> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${serverUrl}/pages/flood.html`);
  await page.bringToFront();
  const tabId = await sw.evaluate(
    async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id,
  );
  if (tabId === undefined) throw new Error('no tab id for the flood page');
  return { page, tabId };
}

export async function openPanelWindow(
  context: BrowserContext,
  sw: Worker,
  extensionId: string,
  tabId: number,
): Promise<Page> {
  const url = `chrome-extension://${extensionId}/panel.html?tabId=${tabId}`;
  const [panel] = await Promise.all([
    context.waitForEvent('page', (p) => p.url() === url),
    sw.evaluate((u) => chrome.windows.create({ url: u, type: 'popup' }), url),
  ]);
  await panel.waitForLoadState();
  return panel;
}

export async function floodPanel(
  page: Page,
  panel: Page,
  opts: { rate: number; seconds: number; idleSeconds?: number; catchUpTimeoutMs?: number },
): Promise<FloodResult> {
  const sent = Math.max(2, Math.round(opts.rate * opts.seconds));
  await startFrames(panel);
  await panel.waitForTimeout((opts.idleSeconds ?? 2) * 1000);
  const idle = await stopFrames(panel);
  await startFrames(panel);
  await page.evaluate(
    ([r, s]) => (window as unknown as { flood(r: number, s: number): Promise<number> }).flood(r!, s!),
    [opts.rate, opts.seconds],
  );
  const ended = Date.now();
  const deadline = ended + (opts.catchUpTimeoutMs ?? 60_000);
  let shown = await eventsShown(panel);
  while (shown < sent && Date.now() < deadline) {
    await panel.waitForTimeout(100);
    shown = await eventsShown(panel);
  }
  // Frames until the panel has shown every event: its catch-up is part of the flood.
  const flood = await stopFrames(panel);
  return { sent, shown, idle, flood, catchUpMs: Date.now() - ended };
}

export const formatFrames = (s: FrameStats): string =>
  `median ${s.medianMs.toFixed(1)} ms, p95 ${s.p95Ms.toFixed(1)} ms, max ${s.maxMs.toFixed(1)} ms (${s.frames} frames)`;
