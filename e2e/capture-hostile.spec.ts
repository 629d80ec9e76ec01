// A hostile page: forged handshakes and relay messages, a replaced window.postMessage and
// MessageChannel, huge messages. Only the real capture arrives, the page never saw our
// handshake, and the panel stays up.
import { expect, test } from './fixtures.js';

test('forged messages are dropped, the real stream arrives, the panel stays up', async ({
  page,
  server,
  feedOf,
  openPanelTab,
}) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const feed = await feedOf(page);
  const panel = await openPanelTab(page);
  await page.goto(`${server.url}/pages/hostile.html`);
  expect(await page.evaluate(() => (window as unknown as { done: Promise<number> }).done)).toBeGreaterThan(0);
  await page.evaluate(() => fetch('/sse?events=9').then((r) => r.text())); // after all the hostility
  await expect
    .poll(async () => (await feed.messages()).filter((m) => m.kind === 'stream-end').map((m) => m.reason))
    .toEqual(['complete', 'complete']);
  const opens = (await feed.messages()).filter((m) => m.kind === 'stream-open');
  expect(opens.map((m) => new URL(m.url ?? '').pathname + new URL(m.url ?? '').search)).toEqual([
    '/sse?events=6',
    '/sse?events=9',
  ]);
  expect(opens.every((m) => !(m.streamId ?? '').startsWith('forged'))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { seenForeign: number }).seenForeign)).toBe(0);
  const health = panel.getByRole('status', { name: 'Capture health' });
  await expect(health).toContainText('connected');
  await expect(health).toContainText('2 streams');
  await expect(health).not.toContainText('disconnected');
});
