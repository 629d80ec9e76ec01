import { defineConfig } from '@playwright/test';
import chromium from './playwright.config';

// The Firefox capture tests (e2e/capture-firefox.spec.ts): Debian's firefox-esr driven over
// WebDriver BiDi by puppeteer-core, with Playwright as the test runner only. The same run
// policy as the Chromium config (one worker, no retries, the reporters); the global setup
// builds dist-firefox/ and the demo app.
export default defineConfig({
  ...chromium,
  globalSetup: './e2e/global-setup-firefox.ts',
  testMatch: 'capture-firefox.spec.ts',
  testIgnore: [],
  timeout: 90_000,
  outputDir: 'test-results-firefox',
});
