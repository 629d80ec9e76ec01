// Harness tier: the Surface view at DevTools' docked width (500) and wide (1280), on the
// broken A2UI v0.9 fixture (three a2ui-surface activities): the tab is reachable, each
// surface's tree reads as text with the missing child marked, the data model shows, the
// scrubber steps back, and nothing spills sideways.
import { test, expect } from './harness-fixtures.js';

for (const width of [1280, 500])
  test(`${width} px: surfaces, their trees and data models, step by step`, async ({ harness }) => {
    const { page } = harness;
    await page.setViewportSize({ width, height: 760 });
    await harness.open({ fixture: 'a2ui/v0_9-broken.jsonl', theme: 'light' });
    const tab = page.getByRole('tab', { name: 'Surface' });
    await tab.scrollIntoViewIfNeeded();
    await tab.click();
    const view = page.locator('[data-view="surface"]');
    await expect(view.getByText(/step 3 \/ 3 · ACTIVITY_SNAPSHOT · event #3/)).toBeVisible();

    const weather = view.getByRole('region', { name: 'Surface weather' });
    await expect(weather.getByRole('list', { name: 'Components of weather' }).getByRole('listitem')).toHaveText([
      'root Column',
      'title Text → /weather/city',
      'chart Chart',
      'details — missing: no component has this id',
    ]);
    await expect(weather.getByRole('tree', { name: 'Data model of weather' })).toContainText('"21 °C"');
    const verdicts = weather.getByLabel('Findings for surface weather');
    await expect(verdicts).toContainText('a2ui/unknown-component');
    await expect(verdicts).toContainText('a2ui/missing-child');
    // The surface updated before it was created is still shown, as a renderer would build it.
    await expect(view.getByRole('region', { name: 'Surface early' })).toContainText('createSurface sent');

    await view.getByRole('button', { name: 'Previous step' }).click();
    await expect(view.getByText(/step 2 \/ 3/)).toBeVisible();
    await expect(view.getByRole('region', { name: 'Surface typo' })).toHaveCount(0);

    // Nothing wider than the view: long catalogue ids wrap.
    const spill = await view.evaluate(
      (root) =>
        [...root.querySelectorAll<HTMLElement>('.surface-card, .surface-tree li, .surface-facts')].filter(
          (el) => el.scrollWidth > el.clientWidth + 1,
        ).length,
    );
    expect(spill).toBe(0);
    await page.screenshot({ path: test.info().outputPath(`surface-${width}.png`) });
  });
