// The panel (built extension, real Chromium) on a live run whose body holds SSE material the
// client discards: an event without its `data:` prefix, a block of `event:`/`id:` lines alone,
// and a named event (fine on a POST stream: HttpAgent reads it) — each block the client
// drops is a finding that says the application never saw it.
import { expect, test } from './fixtures.js';

test('lines the client drops are findings in the live panel', async ({ page, server, openPanelTab }) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const panel = await openPanelTab(page);
  await expect(panel.getByRole('status', { name: 'Capture health' })).toContainText('connected');
  await page.evaluate(
    `void fetch('/framing/dropped-lines', { method: 'POST', headers: { accept: 'text/event-stream' }, body: JSON.stringify({ threadId: 'framing', runId: 'dropped', messages: [] }) }).then((r) => r.text())`,
  );
  const lanes = panel.getByRole('listbox', { name: 'Timeline lanes' });
  await expect(lanes.getByRole('option', { name: /dropped/ }).first()).toBeVisible({ timeout: 20_000 });
  await panel.getByRole('tab', { name: /Findings \(\d+\)/ }).click();
  const list = panel.getByRole('tabpanel', { name: /Findings/ });
  await expect(list).toContainText('sse/no-data-field');
  await expect(list).toContainText('missing its "data:" prefix');
  await expect(list).toContainText('"event: progress"');
  // A POST stream's named events reach HttpAgent (it reads them as any event): no notice.
  await expect(list).not.toContainText('sse/named-event');
});
