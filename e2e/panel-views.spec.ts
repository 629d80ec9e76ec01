// Harness tier: the real panel in a page, fed fixture streams through a memory transport.
import { test, expect } from './harness-fixtures.js';

test('a streamed SSE fixture shows its run, the reopened call and the call detail', async ({ harness }) => {
  const { page } = harness;
  await harness.open({ fixture: 'renamed-reopen.sse' });
  const lanes = page.getByRole('listbox', { name: 'Timeline lanes' });
  const lane = lanes.getByRole('option', { name: /Tool call search_web call_search/ });
  await expect(lane).toBeVisible();
  await expect(lane.getByText('reopen #1')).toBeVisible();
  await lane.click();
  const detail = page.getByRole('complementary', { name: 'Details' });
  await expect(detail.getByText('search_docs → search_web').first()).toBeVisible();
  await expect(detail.getByLabel('Argument text with delta boundaries')).toHaveText(
    '{"query":"refund policy","limit":5}',
  );
  // Step back through the deltas: the partial tree follows.
  await detail.getByRole('button', { name: 'Previous delta' }).click();
  await expect(detail.getByRole('tree', { name: /Partial arguments as of delta 4/ })).toContainText('"refund policy"');
  await expect(detail.getByLabel('Result 1')).toContainText('Refunds within 30 days.');
});

test('keyboard: j/k move lanes, / focuses the filter, Esc clears, n jumps to a finding', async ({ harness }) => {
  const { page } = harness;
  await harness.open({ fixture: 'frontend-round-trip.har' });
  const lanes = page.getByRole('listbox', { name: 'Timeline lanes' });
  await lanes.focus();
  await page.keyboard.press('j');
  await expect(lanes.getByRole('option', { selected: true })).toHaveCount(1);
  const first = await lanes.getByRole('option', { selected: true }).getAttribute('aria-label');
  await page.keyboard.press('j');
  await expect(lanes.getByRole('option', { selected: true })).not.toHaveAttribute('aria-label', first ?? '');
  await page.keyboard.press('k');
  await expect(lanes.getByRole('option', { selected: true })).toHaveAttribute('aria-label', first ?? '');
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Filter' })).toBeFocused();
  await page.keyboard.type('zzz-no-match');
  await expect(page.getByText('No lanes match the filter.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('searchbox', { name: 'Filter' })).toHaveValue('');
  await lanes.focus();
  await page.keyboard.press('n');
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (window as unknown as { __harness: { store: { selection: { finding: { value: unknown } } } } }).__harness
            .store.selection.finding.value,
      ),
    )
    .not.toBeUndefined();
});

test('findings: grouped with counts, badges, spec excerpt; clicking reveals the call', async ({ harness }) => {
  const { page } = harness;
  await harness.open({ fixture: 'renamed-reopen.sse', view: 'findings' });
  const group = page
    .getByRole('listbox', { name: 'Findings' })
    .getByRole('group', { name: /tool-call\/reopen-name-mismatch \(1\)/ });
  const row = group.getByRole('option', { name: /call call_search/ });
  // One row; selecting it expands it in place to the spec quote and the rule's page.
  await row.click();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByRole('link', { name: 'Rule tool-call/reopen-name-mismatch' })).toHaveAttribute(
    'href',
    'rules.html#tool-call%2Freopen-name-mismatch',
  );
  await expect(page.getByRole('complementary', { name: 'Details' }).getByRole('heading').first()).toContainText(
    'call_search',
  );
});

test('events: raw list, expanded view with synthesized events, raw bytes', async ({ harness }) => {
  const { page } = harness;
  await harness.open({ fixture: 'chunked-calls.sse', view: 'events' });
  const list = page.getByRole('listbox', { name: 'Events' });
  await expect(list.getByRole('option').first()).toBeVisible();
  await list.getByRole('option').nth(1).click();
  await expect(page.getByLabel('Raw event bytes')).toContainText('data:');
  await page.getByRole('checkbox', { name: /Chunk-expanded view/ }).check();
  await expect(list.getByText(/synthesized: chunk-start/).first()).toBeVisible();
});

test('filters and chips hide and never drop; settings survive a reload', async ({ harness }) => {
  const { page } = harness;
  await harness.open({ fixture: 'frontend-round-trip.har' });
  const lanes = page.getByRole('listbox', { name: 'Timeline lanes' });
  const all = await lanes.getByRole('option').count();
  await page.getByRole('searchbox', { name: 'Filter' }).fill('-frontend');
  await expect.poll(() => lanes.getByRole('option').count()).toBeLessThan(all);
  await page.getByRole('checkbox', { name: 'Preserve log' }).check();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await harness.open({}, true);
  await expect(page.getByRole('searchbox', { name: 'Filter' })).toHaveValue('-frontend');
  await expect(page.getByRole('checkbox', { name: 'Preserve log' })).toBeChecked();
  await expect(page.locator('.agui-root')).toHaveAttribute('data-theme', 'dark');
});

test('capture health says why nothing arrives', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await expect(page.getByRole('status', { name: 'Capture problem' })).toContainText('No tap in this page yet');
  await page.evaluate(() => {
    const h = (window as unknown as { __harness: { deliver(m: unknown[]): void } }).__harness;
    h.deliver([
      { kind: 'tap-ready', frameId: 'f1', frameUrl: 'http://x/', top: true, t: 1 },
      { kind: 'stream-ignored', id: 'i1', url: 'http://x/api', contentType: 'application/json', status: 200, t: 2 },
    ]);
  });
  await expect(page.getByRole('status', { name: 'Capture problem' })).toContainText(
    '1 responses seen, none was an AG-UI stream',
  );
  await expect(page.getByRole('status', { name: 'Capture health' })).toContainText('tap ×1');
  await expect(page.getByRole('status', { name: 'Capture health' })).toHaveAttribute('title', /tap present in 1 frame/);
});
