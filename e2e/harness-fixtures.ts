// Playwright fixtures for the panel harness tier: the harness server and Playwright's own
// Chromium, one each per worker (e2e/worker-fixtures.ts: shared with every Chromium spec), a
// fresh page per test that fails on any uncaught page error.
import { test as base, expect, type Page } from '@playwright/test';
import { workerFixtures, type WorkerFixtures } from './worker-fixtures.js';

export interface HarnessPage {
  readonly page: Page;
  /** Open the harness with query parameters (fresh settings unless keepSettings). */
  open(query?: Record<string, string>, keepSettings?: boolean): Promise<void>;
  readonly errors: string[];
}

export const test = base.extend<{ harness: HarnessPage }, WorkerFixtures>({
  ...workerFixtures,
  harness: async ({ harnessServer: server, browser }, use) => {
    const context = await browser.newContext({
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
