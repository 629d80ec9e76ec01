// The panel fills its page: panel.css sizes html and body, the page's mount element fills
// body (extension/panel.html and the harness page state only that).
import { test, expect } from './harness-fixtures.js';

test('the panel is as tall as the page, with no body margin', async ({ harness }) => {
  const { page } = harness;
  await harness.open({ fixture: 'renamed-reopen.sse' });
  await expect(page.getByRole('listbox', { name: 'Timeline lanes' })).toBeVisible();
  const sizes = await page.evaluate(() => ({
    page: window.innerHeight,
    panel: document.querySelector('.agui-root')?.getBoundingClientRect().height,
    margin: getComputedStyle(document.body).margin,
  }));
  expect(sizes.panel).toBe(sizes.page);
  expect(sizes.margin).toBe('0px');
});
