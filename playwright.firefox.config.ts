import { defineConfig } from '@playwright/test';

// The Firefox capture tests (e2e/capture-firefox.spec.ts): Debian's firefox-esr driven over
// WebDriver BiDi by puppeteer-core, with Playwright as the test runner only. The global
// setup builds dist-firefox/ and the demo app.
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup-firefox.ts',
  testMatch: 'capture-firefox.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/count-reporter.ts']],
  outputDir: 'test-results-firefox',
});
