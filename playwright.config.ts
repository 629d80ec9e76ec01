import { defineConfig } from '@playwright/test';

// Real Chromium with the built extension needs a persistent context per test (see
// e2e/fixtures.ts); one worker: on 2 cores a second one gives no speed-up. The global
// setup builds the extension and the demo app first.
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  testMatch: '**/*.spec.ts',
  // Firefox has its own config and runner (playwright.firefox.config.ts).
  testIgnore: '**/capture-firefox.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/count-reporter.ts']],
  outputDir: 'test-results',
});
