// The same script in a page with the extension and in one without it (the barePage
// fixture), on the same URL: what a page could notice of the tap is the difference.
import type { Page } from '@playwright/test';

export async function both<T, A = undefined>(
  page: Page,
  barePage: Page,
  url: string,
  fn: (arg: A) => Promise<T>,
  arg?: A,
): Promise<{ withExt: T; without: T }> {
  await Promise.all([page.goto(url), barePage.goto(url)]);
  // Typed loosely for evaluate's overloads: `arg` is whatever `fn` takes.
  const run = (p: Page): Promise<T> => p.evaluate(fn as (a: unknown) => Promise<T>, arg as unknown);
  const [withExt, without] = await Promise.all([run(page), run(barePage)]);
  return { withExt, without };
}
