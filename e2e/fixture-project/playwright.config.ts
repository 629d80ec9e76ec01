// The configuration e2e/playwright-fixture.spec.ts runs the fixture scenarios with.
import { defineConfig } from '@playwright/test';
import { findHeadlessShell, TEST_ARGS } from '../../harness/chromium.js';

export default defineConfig({
  testDir: '.',
  testMatch: '*.fixture.ts',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  outputDir: process.env['AGUI_FIXTURE_OUT'] ?? 'test-results',
  use: { launchOptions: { executablePath: findHeadlessShell(), args: TEST_ARGS } },
});
