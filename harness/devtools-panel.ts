// Reaching the extension's panel in the real DevTools window (docs/architecture.md,
// "Testing in real Chromium"). Needs PW_CHROMIUM_ATTACH_TO_OTHER=1 before launch and
// --auto-open-devtools-for-tabs.
import type { BrowserContext, Frame, Page } from '@playwright/test';

/** Retries `fn` until it returns a truthy value or the time is up. */
export async function poll<T>(
  fn: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
  stepMs = 200,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** The app pages of the context, without DevTools windows. */
export function appPages(context: BrowserContext): Page[] {
  return context.pages().filter((p) => !p.url().startsWith('devtools://'));
}

function inspectedHref(frame: Frame): Promise<string> {
  return frame
    .evaluate(
      () =>
        new Promise<string>((r) => chrome.devtools.inspectedWindow.eval('location.href', (...a) => r(String(a[0])))),
    )
    .catch(() => '');
}

/** The DevTools window that inspects `page`. */
export function findDevtoolsFor(context: BrowserContext, page: Page, timeoutMs = 20_000): Promise<Page> {
  return poll(async () => {
    for (const p of context.pages()) {
      if (!p.url().startsWith('devtools://')) continue;
      const f = p
        .frames()
        .find((fr) => fr.url().startsWith('chrome-extension://') && fr.url().endsWith('/devtools.html'));
      if (f && (await inspectedHref(f)) === page.url()) return p;
    }
    return undefined;
  }, timeoutMs);
}

/** Shows our panel: Ctrl+[ from Elements wraps to the last panel (ours is in the overflow). */
export function openInspectorPanel(devtools: Page, timeoutMs = 30_000): Promise<Frame> {
  const findPanel = (): Frame | undefined => devtools.frames().find((f) => f.url().includes('/panel.html'));
  return poll(
    async () => {
      const ready = findPanel();
      if (ready) return ready;
      await devtools
        .locator('#tab-elements')
        .first()
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      await devtools.keyboard.press('Control+BracketLeft');
      return poll(findPanel, 1_500).catch(() => undefined);
    },
    timeoutMs,
    300,
  );
}
