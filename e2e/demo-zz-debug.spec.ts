import { test, chromium } from '@playwright/test';
import { startDemoServer } from '../demo/server.js';
import { findChromium } from '../scripts/chromium.js';
test('dbg', async () => {
  const server = await startDemoServer({ delayMs: 0 });
  const browser = await chromium.launch({ executablePath: findChromium() });
  const page = await browser.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('pageerror', e.message, e.stack));
  await page.goto(server.url);
  const r = await page.evaluate(() => window.runScenario!('cut-off'));
  console.log(JSON.stringify(r));
  await page.waitForTimeout(500);
  console.log(await page.locator('main').innerText());
  await browser.close(); await server.close();
});
