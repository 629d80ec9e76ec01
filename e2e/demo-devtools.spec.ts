// Smoke test of what `npm start -- --headless` does: the built extension in real
// Chromium, the demo app in a tab, our panel shown in the real DevTools window and
// showing the run. The panel UI itself is tested elsewhere. dist/ and dist-demo/ come from
// the suite's globalSetup (e2e/global-setup.ts).
import { expect } from '@playwright/test';
import { test } from './worker-fixtures.js';
import { resolve } from 'node:path';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { launchWithExtension, NO_GPU_ARGS, type ExtensionLaunch } from '../harness/chromium.js';
import { capturePanel } from '../harness/capture-panel.js';

const root = resolve(import.meta.dirname, '..');
let server: DemoServer | undefined;
let browser: ExtensionLaunch | undefined;

test.afterEach(async () => {
  await browser?.close();
  await server?.close();
});

test('the AG-UI panel in real DevTools shows a demo run', async () => {
  server = await startDemoServer({ delayMs: 5 });
  browser = await launchWithExtension({
    extensionDir: resolve(root, 'dist'),
    headless: true,
    devtools: true,
    args: NO_GPU_ARGS,
  });
  const shot = await capturePanel(browser.context, server.url, test.info().outputPath('devtools-panel.png'));
  expect(shot.problem).toBeUndefined();
  expect(shot.ok).toBe(true);
  expect(server.requests.filter((r) => r.scenario === 'parallel-interleaved')).toHaveLength(1);
});
