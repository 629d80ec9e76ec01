// A Step replay the app has taken is not ended by the arm's expiry: the test waits for the
// expiry moment itself, in real time, so it runs in the timing project (playwright.config.ts),
// with the machine to itself; the rest of the replay support is replay-support.spec.ts.
import type { DemoServer } from '../demo/server.js';
import { expect, test } from './fixtures.js';
import { armStep, liveRunThenPanel } from './replay-steps.js';

let demo: DemoServer | undefined;
test.afterEach(async () => {
  await demo?.close().catch(() => undefined);
  demo = undefined;
});

test('a Step replay the app took outlives the expiry and plays to its end', async ({ page, openPanelTab }) => {
  const { panel, total } = await liveRunThenPanel(page, openPanelTab, (s) => (demo = s));
  await armStep(panel, 2);
  const armedAt = Date.now();
  await page.click('#run');
  const steps = panel.getByRole('group', { name: 'Step controls' });
  await steps.getByRole('button', { name: 'Next event' }).click();
  await expect(page.locator('#status')).toHaveAttribute('data-events', '1');
  // What is waited for is the expiry moment itself: nothing on screen changes when it passes.
  await expect.poll(() => Date.now(), { timeout: 15_000 }).toBeGreaterThan(armedAt + 3_000);
  await expect(panel.getByRole('region', { name: 'Armed replay' })).not.toContainText('Expired');
  await steps.getByRole('button', { name: 'Next event' }).click();
  await expect(page.locator('#status')).toHaveAttribute('data-events', '2');
  await steps.getByRole('spinbutton').fill(String(total));
  await steps.getByRole('button', { name: 'Go' }).click();
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done');
  await expect(page.locator('#status')).toHaveAttribute('data-events', String(total));
  await expect(panel.getByRole('region', { name: 'Armed replay' })).toContainText('disarmed');
});
