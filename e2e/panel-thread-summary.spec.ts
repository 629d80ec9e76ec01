// Harness tier: the run detail's thread summary on the demo session (session.har), wide and
// docked narrow (500 px, where the detail covers the lanes). The frontend round trip's thread
// has two runs; its request bodies (700 and 1373 bytes) and streamed bytes (2347 and 1288)
// were checked by hand against the HAR once (src/cli/commands/stats.test.ts holds them too).
import { test, expect } from './harness-fixtures.js';

for (const width of [1280, 500])
  test(`${width} px: a run's thread, its requests growing turn by turn, and a way to each run`, async ({ harness }) => {
    const { page } = harness;
    await page.setViewportSize({ width, height: 760 });
    await harness.open({ fixture: 'demo/session.har', theme: 'light' });
    const lanes = page.getByRole('listbox', { name: 'Timeline lanes' });
    await lanes.getByRole('option', { name: /^Run run-2, thread thread-frontend-round-trip/ }).click();
    const detail = page.getByRole('complementary', { name: 'Details' });
    const thread = detail.getByRole('region', { name: 'Thread thread-frontend-round-trip summary' });
    await thread.scrollIntoViewIfNeeded();
    await expect(thread.getByRole('heading', { name: 'Thread (2 runs, 3635 bytes streamed)' })).toBeVisible();
    const table = thread.getByRole('table', { name: 'Runs of the thread' });
    const rows = table.getByRole('row');
    await expect(rows.nth(1).getByRole('cell')).toHaveText(['700', '—', '2347']);
    await expect(rows.nth(2).getByRole('cell')).toHaveText(['1373', '+673', '1288']);
    await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
    await expect(thread).toContainText('the client resends the history every turn (largest growth +673 bytes)');
    // Readable docked: nothing in the summary is wider than the pane.
    const spill = await detail.evaluate((pane) => {
      const summary = pane.querySelector('section[aria-label$=" summary"]');
      const right = pane.getBoundingClientRect().right;
      return [...(summary?.querySelectorAll<HTMLElement>('*') ?? [])].filter(
        (el) => el.getBoundingClientRect().right > right + 1,
      ).length;
    });
    expect(spill).toBe(0);
    await page.screenshot({ path: test.info().outputPath(`thread-summary-${width}.png`) });

    // The first turn is a click away; its detail names it as the thread's run shown.
    await table.getByRole('button', { name: /^Show run / }).click();
    await expect(detail.getByRole('heading', { name: /^Run run-1/ })).toBeVisible();
    await expect(detail.getByRole('table', { name: 'Runs of the thread' }).getByRole('row').nth(1)).toHaveAttribute(
      'aria-current',
      'true',
    );
    if (width === 500) {
      await detail.getByRole('button', { name: 'Back' }).click();
      await expect(lanes).toBeVisible();
    }
  });
