import { defineConfig } from '@playwright/test';

// Real Chromium with the built extension runs in a persistent context, launched once per
// worker and shared by its tests (e2e/fixtures.ts). Two workers: the suite is CPU-bound
// (about 1,200 CPU-s, measured with cpuacct on 2026-12-07), and one worker kept a 2-core
// machine about two-thirds busy (889 s of wall time on a quiet one). Files are the unit of
// parallelism; a file's tests run in order in one worker. The global setup builds this
// checkout first, unless the build on disk is already of it (build/fresh-build.ts).
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  testMatch: '**/*.spec.ts',
  // Firefox has its own config and runner (playwright.firefox.config.ts).
  testIgnore: '**/capture-firefox.spec.ts',
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/count-reporter.ts']],
  outputDir: 'test-results',
});
