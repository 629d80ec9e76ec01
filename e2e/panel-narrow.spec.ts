// Harness tier: the panel at DevTools' docked widths (500, 600) and wide (1280), both themes,
// on a session shaped like real traffic (UUID ids, a call reopened under a new name): the
// filter's match stays in the lane it keeps, the toolbar takes two rows at most, no finding
// text is cut without a way to read it, and every Events row says what it is.
import { test, expect } from './harness-fixtures.js';

/** The toolbar's row: a 22 px button in a 27 px row. */
const ROW_PX = 27;

for (const width of [500, 600, 1280])
  for (const theme of ['light', 'dark'] as const)
    test(`${width} px, ${theme}: filter match kept, toolbar ≤ 2 rows, findings readable, every Events row summarised`, async ({
      harness,
    }) => {
      const { page } = harness;
      await page.setViewportSize({ width, height: 800 });
      await harness.open({ demo: 'showcase', theme });
      const toolbar = page.getByRole('toolbar', { name: 'AG-UI Inspector toolbar' });
      expect((await toolbar.boundingBox())?.height ?? 0).toBeLessThanOrEqual(2 * ROW_PX + 4);

      // The reopened call is found by its newest name, and its lane shows (and marks) it.
      await page.getByRole('searchbox', { name: 'Filter' }).fill('search_rooms');
      const lane = page.getByRole('listbox', { name: 'Timeline lanes' }).getByRole('option', { name: /search_rooms/ });
      await expect(lane.first()).toBeVisible();
      await expect(lane.first().locator('.tl-name')).toContainText('search_rooms');
      await expect(lane.first().locator('mark.filter-match')).toHaveText('search_rooms');
      await page.getByRole('searchbox', { name: 'Filter' }).fill('');

      // Findings: a message cut on screen has its whole text in the row's tooltip and name.
      await page.getByRole('tab', { name: /^Findings/ }).click();
      const rows = page.getByRole('listbox', { name: 'Findings' }).getByRole('option');
      expect(await rows.count()).toBeGreaterThan(0);
      const unreadable = await rows.evaluateAll((opts) =>
        opts.flatMap((o) => {
          const msg = o.querySelector('.fr-msg');
          if (!msg) return [];
          const cut = msg.scrollHeight > msg.clientHeight + 1 || msg.scrollWidth > msg.clientWidth + 1;
          const full = o.querySelector('.finding-row')?.getAttribute('title') ?? '';
          return cut && !full.includes(msg.textContent ?? '') ? [msg.textContent] : [];
        }),
      );
      expect(unreadable).toEqual([]);

      // Events: no row without a summary.
      await page.getByRole('tab', { name: 'Events' }).click();
      const events = page.getByRole('listbox', { name: 'Events' });
      await expect(events.getByRole('option').first()).toBeVisible();
      const blank = await events
        .getByRole('option')
        .evaluateAll((opts) =>
          opts.filter((o) => (o.querySelector('.cell.grow')?.textContent ?? '').trim() === '').map((o) => o.id),
        );
      expect(blank).toEqual([]);
    });
