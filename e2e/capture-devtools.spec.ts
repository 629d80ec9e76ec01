// The real DevTools panel (docs/architecture.md, "Testing in real Chromium"): DevTools
// opens with the tab, the DevTools page connects at once (before the panel is shown),
// and the panel, once shown, has the streams captured before it existed, through the
// hand-off.
import { expect, test } from './fixtures.js';

test.use({ devtools: true });

test('the AG-UI panel in real DevTools shows streams captured before it was opened', async ({
  page,
  server,
  openDevtoolsPanel,
}) => {
  await page.goto(`${server.url}/pages/blank.html`);
  await page.evaluate(() =>
    fetch('/sse?events=25', { method: 'POST', body: '{"threadId":"t","runId":"r","messages":[]}' }).then((r) =>
      r.text(),
    ),
  );
  const panel = await openDevtoolsPanel(page);
  const health = panel.getByRole('status', { name: 'Capture health' });
  await expect(health).toContainText('1 stream');
  await expect(health).not.toContainText('disconnected');
  await page.evaluate(() => fetch('/sse?events=5').then((r) => r.text()));
  await expect(health).toContainText('2 streams');
});
