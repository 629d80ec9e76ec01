import { defineConfig } from '@playwright/test';

// Real Chromium with the built extension runs in a persistent context, launched once per
// worker and shared by its tests (e2e/fixtures.ts). One worker: on 2 cores a second measured
// no faster (26 extension tests: 4.1 min with two at load 20, 3.8 min with one at load 13)
// and timed out a timing-sensitive replay test. The global setup builds this checkout
// first, unless the build on disk is already of it (build/fresh-build.ts).
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
