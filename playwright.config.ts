import { defineConfig } from '@playwright/test';
import { findHeadlessShell, TEST_ARGS } from './harness/chromium.js';

// Real Chromium with the built extension runs in a persistent context, launched once per
// worker and shared by its tests (e2e/fixtures.ts). Two workers: the suite is CPU-bound
// (about 1,200 CPU-s, measured with cpuacct on 2026-12-07), and one worker kept a 2-core
// machine about two-thirds busy (889 s of wall time on a quiet one). Files are the unit of
// parallelism; a file's tests run in order in one worker. The global setup builds this
// checkout first, unless the build on disk is already of it (build/fresh-build.ts).

// Firefox has its own config and runner (playwright.firefox.config.ts).
const FIREFOX = ['**/capture-firefox.spec.ts'];
const ALONE = [
  '**/playwright-timeout.spec.ts',
  '**/fixture-timing.spec.ts',
  '**/panel-timing.spec.ts',
  '**/replay-expiry.spec.ts',
];

// Playwright's own browser (the Playwright fixture's specs, the panel harness, plain pages):
// Chromium's headless shell, as Playwright runs for its users, set here once. It halved the
// Chromium stage's CPU (about 1,100 to 620 CPU-s; harness/chromium.ts says more). A worker-scoped option given by test.use() in a file gives that file a worker of its
// own (Playwright hashes each override's registration), so every such file cost a worker
// restart: a new Node process and new browsers.
const use = { launchOptions: { executablePath: findHeadlessShell(), args: TEST_ARGS } };

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  testMatch: '**/*.spec.ts',
  workers: 2,
  projects: [
    { name: 'chromium', testIgnore: [...FIREFOX, ...ALONE], use },
    // Tests that measure time (a matcher's deadline, stalls, expiry) one at a time; `npm test`
    // runs them after the rest, with the machine to themselves (scripts/test-all.ts): beside
    // another worker a 300 ms deadline measured 411 ms.
    { name: 'timing', testMatch: ALONE, workers: 1, use },
  ],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/count-reporter.ts']],
  outputDir: 'test-results',
});
