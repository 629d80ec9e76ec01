// Harness tier: run detail, State and Messages views of the real panel in real Chromium.
import { test, expect } from './harness-fixtures.js';

test('run detail of an imported round trip: request, input trees, outcome', async ({ harness }) => {
  const { page } = harness;
  await harness.open({ fixture: 'frontend-round-trip.har' });
  const lanes = page.getByRole('listbox', { name: 'Timeline lanes' });
  await lanes.getByRole('option', { name: /Run run-trip-1, thread thread-trip/ }).click();
  const detail = page.getByRole('complementary', { name: 'Details' });
  await expect(detail.getByRole('heading', { name: /Run run-trip-1/ })).toBeVisible();
  await expect(detail.getByText('http://localhost:8000/agent')).toBeVisible();
  await expect(detail.getByRole('tree', { name: 'Run input tools' })).toContainText('confirm_booking');
  await expect(detail.getByRole('tree', { name: 'Run input messages' })).toContainText('Book the Hotel Avenida');
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
});

test('State view: scrub to a failing patch with the keyboard', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.evaluate(() => {
    const h = (window as unknown as { __harness: { events(e: unknown[], o: { requestBody: unknown }): void } })
      .__harness;
    h.events(
      [
        { type: 'RUN_STARTED', threadId: 't1', runId: 'r-state' },
        { type: 'STATE_SNAPSHOT', snapshot: { step: 'plan', items: [] } },
        { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/items/-', value: 'flights' }] },
        { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/nope/deeper', value: 1 }] },
        { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/step', value: 'book' }] },
        { type: 'RUN_FINISHED', threadId: 't1', runId: 'r-state' },
      ],
      { requestBody: { threadId: 't1', runId: 'r-state', messages: [], tools: [], state: {} } },
    );
  });
  await page.getByRole('tab', { name: 'State' }).click();
  const slider = page.getByRole('slider', { name: 'State step' });
  await expect(page.getByRole('tree', { name: 'State after step 5' })).toContainText('"book"');
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('alert')).toContainText('Patch failed');
  await expect(page.getByRole('list', { name: 'Patch operations' })).toContainText('/nope/deeper');
  await page.keyboard.press('Home');
  await expect(page.getByText('The state the request sent (RunAgentInput.state).')).toBeVisible();
});

test('Messages view: the round trip per run, an answer linked to its lane', async ({ harness }) => {
  const { page } = harness;
  await harness.open({ fixture: 'frontend-round-trip.har', view: 'messages' });
  const second = page.getByRole('list', { name: 'Messages after run run-trip-2' });
  await expect(second).toContainText('The user declined the booking.');
  await expect(second).toContainText('Understood, I did not book it.');
  await second.getByRole('button', { name: 'Show call call_confirm in the timeline' }).click();
  const lanes = page.getByRole('listbox', { name: 'Timeline lanes' });
  await expect(lanes.getByRole('option', { selected: true })).toHaveAttribute(
    'aria-label',
    /confirm_booking call_confirm/,
  );
});
