import { defineConfig } from '@playwright/test';

// Real Chromium with the built extension needs a persistent context per test (see
// e2e/fixtures.ts); one worker: on 2 cores a second one gives no speed-up.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['./e2e/count-reporter.ts']] : [['list'], ['./e2e/count-reporter.ts']],
  outputDir: 'test-results',
});
