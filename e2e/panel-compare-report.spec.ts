// Extension tier: Compare runs and the bug report with the built extension, real capture
// of the demo agent through the demo app's HttpAgent (pop-out panel tab).
import type { Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { expect, test } from './fixtures.js';

let demo: DemoServer;
test.beforeAll(async () => {
  demo = await startDemoServer({ port: 0, delayMs: 0 });
});
test.afterAll(async () => {
  await demo?.close();
});

async function run(page: Page, name: string): Promise<void> {
  const ok = await page.evaluate(
    (n) => (window as unknown as { runScenario: (s: string) => Promise<{ ok: boolean }> }).runScenario(n),
    name,
  );
  expect(ok.ok).toBe(true);
}

test('Compare runs of two demo runs that differ in one argument', async ({ page, openPanelTab }) => {
  await page.goto(demo.url);
  const panel = await openPanelTab(page);
  await run(page, 'backend-tool');
  await run(page, 'backend-tool-fahrenheit');
  const lanes = panel.getByRole('listbox', { name: 'Timeline lanes' });
  await expect(lanes.getByRole('option', { name: /^Run / })).toHaveCount(2);
  await panel.getByRole('button', { name: 'Compare runs' }).click();
  const compare = panel.getByRole('region', { name: 'Compare runs' });
  const call = compare.getByRole('listitem', { name: /^get_weather: arguments differ/ });
  await expect(call.getByRole('list', { name: 'Arguments of get_weather' })).toHaveText(
    '/unit: "celsius" → "fahrenheit"',
  );
  await expect(call.getByRole('list', { name: 'Result of get_weather' })).toContainText('/temperature: 21 → 70');
  await expect(compare.getByRole('table', { name: 'Runs compared' })).toContainText('tool calls11');
});
