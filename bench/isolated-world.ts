// Runs expressions in the extension's isolated world (the relay's) of a page, over CDP:
// the benches that time what a content script's sends cost (./port-cost.ts, ./port-hops.ts).
import type { Page } from '@playwright/test';

export type WorldRun = (expression: string) => Promise<unknown>;

/** Loads `url` in `page` and returns a runner for the content scripts' world it gets. */
export async function openIsolatedWorld(page: Page, url: string): Promise<WorldRun> {
  const cdp = await page.context().newCDPSession(page);
  const worlds: { id: number; type: string }[] = [];
  cdp.on('Runtime.executionContextCreated', (e) =>
    worlds.push({ id: e.context.id, type: String(e.context.auxData?.['type']) }),
  );
  await cdp.send('Runtime.enable');
  await page.goto(url);
  const world = worlds.filter((c) => c.type === 'isolated').at(-1);
  if (!world) throw new Error('no isolated world: is the extension built?');
  return async (expression) => {
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      contextId: world.id,
      awaitPromise: true,
      returnByValue: true,
      expression,
    });
    if (exceptionDetails) throw new Error(JSON.stringify(exceptionDetails));
    return result.value;
  };
}
