// MV3 kills service workers at will. Stop ours mid-session: the pop-out panel reconnects,
// the relay is nudged and replays, duplicates are dropped, and new streams keep coming.
import { expect, test } from './fixtures.js';

test('the panel survives a service-worker restart without duplicates', async ({ context, sw, page, server, openPanelTab }) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const panel = await openPanelTab(page);
  const health = panel.getByRole('status', { name: 'Capture health' });
  await page.evaluate(() => fetch('/sse?events=10').then((r) => r.text()));
  await expect(health).toContainText('1 stream');
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const stopped = new Promise<boolean>((r) => sw.once('close', () => r(true)));
  await cdp.send('ServiceWorker.stopAllWorkers');
  expect(await stopped).toBe(true); // the worker really went away
  await page.evaluate(() => fetch('/sse?events=10').then((r) => r.text()));
  await expect(health).toContainText('2 streams', { timeout: 15_000 });
  await expect(health).toContainText('connected');
  await expect(health).not.toContainText('disconnected');
  await expect(health).not.toContainText('3 streams');
});
