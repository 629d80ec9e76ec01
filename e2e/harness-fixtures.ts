// Playwright fixtures for the panel harness tier: one harness server and one Chromium
// per worker, a fresh page per test that fails on any uncaught page error.
import { test as base, expect, chromium, type Browser, type Page } from '@playwright/test';
import { findChromium, TEST_ARGS } from '../harness/chromium.js';
import { startHarness, type HarnessServer } from '../harness/panel/serve.js';

export interface HarnessPage {
  readonly page: Page;
  /** Open the harness with query parameters (fresh settings unless keepSettings). */
  open(query?: Record<string, string>, keepSettings?: boolean): Promise<void>;
  readonly errors: string[];
}

export const test = base.extend<{ harness: HarnessPage }, { server: HarnessServer; browserForHarness: Browser }>({
  server: [
    // Playwright reads fixture dependencies from the destructuring; `playwright` is a no-op dependency.
    async ({ playwright: _playwright }, use) => {
      const server = await startHarness();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  browserForHarness: [
    async ({ playwright: _playwright }, use) => {
      const browser = await chromium.launch({ executablePath: findChromium(), args: TEST_ARGS });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  harness: async ({ server, browserForHarness }, use) => {
    const context = await browserForHarness.newContext({
      viewport: { width: 1280, height: 760 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const harness: HarnessPage = {
      page,
      errors,
      async open(query = {}, keepSettings = false) {
        const q = new URLSearchParams({ ...(keepSettings ? {} : { fresh: '1' }), ...query });
        await page.goto(`${server.url}?${q.toString()}`);
        // Loading the panel bundle and its fixture session is the heaviest step of these tests:
        // on a busy machine (two workers beside other work) it took over the default 10 s once.
        await expect(page.locator('body[data-ready="1"]')).toHaveCount(1, { timeout: 30_000 });
      },
    };
    await use(harness);
    await context.close();
    expect(errors, 'uncaught errors in the harness page').toEqual([]);
  },
});

export { expect };
