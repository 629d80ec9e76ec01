// Extension tier: the State view on the demo's shared-state scenario, captured live from
// the demo app by the built extension: snapshot, patches, the one that fails, a diff.
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { expect, test } from './fixtures.js';

let demo: DemoServer | undefined;
test.afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

test('State view of the shared-state demo run: steps, the failing patch, a diff between two steps', async ({
  page,
  openPanelTab,
}) => {
  demo = await startDemoServer({ delayMs: 0 });
  await page.goto(demo.url);
  const panel = await openPanelTab(page);
  await expect(panel.getByRole('status', { name: 'Capture health' })).toContainText('connected');
  await page.selectOption('#scenario', 'shared-state');
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });

  await expect(
    panel.getByRole('listbox', { name: 'Timeline lanes' }).getByRole('option', { name: /^Run / }),
  ).toHaveCount(1);
  await panel.getByRole('tab', { name: 'State' }).click();
  const view = panel.locator('[data-view="state"]');
  // The request's state ({} from HttpAgent), the snapshot and four deltas.
  const steps = view.getByRole('listbox', { name: 'State steps' }).getByRole('option');
  await expect(steps).toHaveCount(6);
  await expect(view.getByRole('tree', { name: 'State after step 6' })).toContainText('"booked"');
  await expect(steps.nth(4)).toContainText('patch failed');
  await steps.nth(4).click();
  await expect(view.getByRole('alert')).toContainText('Patch failed');
  await expect(view.getByRole('list', { name: 'Patch operations' })).toContainText('/budget/total');

  // Diff from the snapshot (step 2) to the last step.
  await steps.nth(1).click();
  await view.getByRole('button', { name: 'Diff from step 2' }).click();
  await steps.nth(5).click();
  const diff = view.getByRole('list', { name: 'Changes from step 2 to step 6' });
  await expect(diff.getByRole('listitem')).toHaveText([
    /^\+ \/items\/0 .*"flight"/,
    /^\+ \/items\/1 .*"Casa Azul"/,
    /^~ \/status "planning" → "booked"$/,
    /^\+ \/trip\/city "Lisbon"$/,
    /^− \/trip\/destination "Lisbon"$/,
    /^~ \/trip\/nights 3 → 4$/,
  ]);
});
