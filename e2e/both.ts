// The same script in a page with the extension and in one without it (the barePage
// fixture), on the same URL: what a page could notice of the tap is the difference.
import type { Page } from '@playwright/test';

export async function both<T>(
  page: Page,
  barePage: Page,
  url: string,
  fn: () => Promise<T>,
): Promise<{ withExt: T; without: T }> {
  await Promise.all([page.goto(url), barePage.goto(url)]);
  const [withExt, without] = await Promise.all([page.evaluate(fn), barePage.evaluate(fn)]);
  return { withExt, without };
}
