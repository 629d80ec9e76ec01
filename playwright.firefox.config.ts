import { defineConfig } from '@playwright/test';
import chromium from './playwright.config';

// The Firefox capture tests (e2e/capture-firefox.spec.ts): Debian's firefox-esr driven over
// WebDriver BiDi by puppeteer-core, with Playwright as the test runner only. The same run
// policy as the Chromium config (no retries, the reporters), but one project of its own: the
// Chromium config's projects would replace this testMatch (they did, and this stage ran the
// timing tests in Chromium instead). The global setup builds dist-firefox/ and the demo app.
export default defineConfig({
  ...chromium,
  globalSetup: './e2e/global-setup-firefox.ts',
  projects: [{ name: 'firefox', testMatch: 'capture-firefox.spec.ts', workers: 1 }],
  timeout: 90_000,
  outputDir: 'test-results-firefox',
});
