// Harness tier: docked narrow (500 px), a selected call's detail covers the list, full height,
// arguments at the top, with a Back control (and Escape) that returns to the list as it was:
// same selection, same scroll. Wide (1280 px) the pane stays beside the list.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './harness-fixtures.js';

/** The last call lane of the showcase session, below the fold in a short panel. */
const LAST_WEATHER = /^Tool call get_weather 0b4d7e52\S*1c03/;

/** Short enough that the lanes scroll: the way back must find them scrolled as they were. */
const HEIGHT = 420;

async function scrolledToLastCall(page: Page): Promise<{ lanes: Locator; lane: Locator; scrollTop: number }> {
  const lanes = page.getByRole('listbox', { name: 'Timeline lanes' });
  // Scrolled to the bottom once the session's lanes are drawn: a scroll made before them
  // found nothing to scroll (seen once, scrollTop 0 on a loaded machine).
  await expect
    .poll(
      () =>
        lanes.evaluate((el) => {
          el.scrollTop = el.scrollHeight;
          return el.scrollTop;
        }),
      { message: 'the lanes scroll at this height' },
    )
    .toBeGreaterThan(0);
  const lane = lanes.getByRole('option', { name: LAST_WEATHER });
  await expect(lane).toBeInViewport();
  const scrollTop = await lanes.evaluate((el) => el.scrollTop);
  return { lanes, lane, scrollTop };
}

for (const theme of ['light', 'dark'] as const)
  test(`500 px, ${theme}: a call's detail covers the list, arguments first; Back returns to the list as it was`, async ({
    harness,
  }) => {
    const { page } = harness;
    await page.setViewportSize({ width: 500, height: HEIGHT });
    await harness.open({ demo: 'showcase', theme });
    const { lanes, lane, scrollTop } = await scrolledToLastCall(page);
    await lane.click();
    const details = page.getByRole('complementary', { name: 'Details' });
    await expect(details).toBeVisible();
    // Full width and down to the panel's bottom, over the list (which is out of sight).
    const pane = await details.boundingBox();
    expect(pane?.width ?? 0).toBeGreaterThanOrEqual(499);
    expect((pane?.y ?? 0) + (pane?.height ?? 0)).toBeGreaterThanOrEqual(HEIGHT - 1);
    await expect(lanes).toBeHidden();
    const args = details.getByRole('heading', { name: 'Arguments' });
    expect((await args.boundingBox())?.y ?? Infinity).toBeLessThan(150);
    await expect(details.getByRole('button', { name: 'Close details' })).toHaveCount(0);

    await details.getByRole('button', { name: 'Back' }).click();
    await expect(details).toHaveCount(0);
    await expect(lane).toBeVisible();
    await expect(lane).toHaveAttribute('aria-selected', 'true');
    expect(await lanes.evaluate((el) => el.scrollTop)).toBe(scrollTop);
    await expect(lanes).toBeFocused();

    // Selecting it again opens it again.
    await lane.click();
    await expect(details.getByRole('heading', { name: 'Arguments' })).toBeVisible();
  });

test('500 px, keyboard: Escape goes back; the list keys browse it uncovered, Enter opens', async ({ harness }) => {
  const { page } = harness;
  await page.setViewportSize({ width: 500, height: HEIGHT });
  await harness.open({ demo: 'showcase' });
  const { lanes, lane, scrollTop } = await scrolledToLastCall(page);
  await lane.click();
  const details = page.getByRole('complementary', { name: 'Details' });
  // Focus went into the pane with it, so keys reach the pane, not the list it covers.
  await expect(details).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await expect(lane).toHaveAttribute('aria-selected', 'true');
  expect(await lanes.evaluate((el) => el.scrollTop)).toBe(scrollTop);
  await expect(lanes).toBeFocused();

  await page.keyboard.press('ArrowUp');
  await expect(lanes.getByRole('option', { selected: true })).toHaveAccessibleName(/^Tool call get_weather \S*1c02/);
  await expect(details).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(details).toBeVisible();
  await expect(details.getByRole('heading', { level: 2 })).toContainText('get_weather');
  await page.keyboard.press('Escape');
  await expect(lanes.getByRole('option', { selected: true })).toHaveAccessibleName(/^Tool call get_weather \S*1c02/);
});

test('1280 px: the detail stays beside the list, closable', async ({ harness }) => {
  const { page } = harness;
  await page.setViewportSize({ width: 1280, height: HEIGHT });
  await harness.open({ demo: 'showcase' });
  const { lanes, lane } = await scrolledToLastCall(page);
  await lane.click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details.getByRole('heading', { name: 'Arguments' })).toBeVisible();
  await expect(lane).toBeVisible();
  const list = await lanes.boundingBox();
  const pane = await details.boundingBox();
  expect(pane?.x ?? 0).toBeGreaterThanOrEqual((list?.x ?? 0) + (list?.width ?? 0) - 1);
  await expect(details.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await details.getByRole('button', { name: 'Close details' }).click();
  await expect(details).toHaveCount(0);
  await expect(lane).toHaveAttribute('aria-selected', 'false');
});
