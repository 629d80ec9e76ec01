// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, within } from '@testing-library/preact';
import { fixture } from '../../../test/fixtures/read-fixture.js';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { importFile } from '../io/import-actions.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
  localStorage.clear();
});

function roundTrip(): RenderedPanel {
  const p = renderPanel({ offline: true });
  panel = p;
  act(() => {
    expect(importFile(p.store, 'frontend-round-trip.har', fixture('frontend-round-trip.har'))).toBe(true);
    p.scheduler.flush();
  });
  fireEvent.click(within(p.el).getByRole('tab', { name: 'Messages' }));
  return p;
}

const texts = (list: HTMLElement): string[] =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

describe('Messages view', () => {
  it('shows a frontend round trip as the client holds it after each run', () => {
    const p = roundTrip();
    const view = within(p.el);
    expect(view.getByRole('heading', { name: 'Thread thread-trip · 2 runs' })).toBeTruthy();
    const first = texts(view.getByRole('list', { name: 'Messages after run run-trip-1' }));
    expect(first).toEqual([
      'userBook the Hotel Avenida for two nights and show it on a map.request of run #1',
      'assistantI will ask you to confirm and show the map.streamed in run #1',
      'tool callconfirm_booking({"hotel":"Hotel Avenida","nights":2}) · answeredlane',
      'tool callshow_map({"place":"Hotel Avenida, Lisbon"}) · answeredlane',
    ]);
    // The second request repeats the history: only the app's answers are new, then the reply.
    const second = texts(view.getByRole('list', { name: 'Messages after run run-trip-2' }));
    expect(second).toEqual([
      'toolanswer to confirm_booking from the app (request of run #2):  · error: The user declined the booking.lane',
      'toolanswer to show_map from the app (request of run #2): Map shown.lane',
      'assistantUnderstood, I did not book it. The map is on screen.streamed in run #2',
    ]);
  });

  it('links an answer to the lane of the call it answers', () => {
    const p = roundTrip();
    const second = within(p.el).getByRole('list', { name: 'Messages after run run-trip-2' });
    fireEvent.click(within(second).getByRole('button', { name: 'Show call call_map in the timeline' }));
    expect(p.store.selection.view.value).toBe('timeline');
    const runKey = p.store.selection.call.value?.runKey ?? '';
    expect(p.store.findRun(runKey)?.runId).toBe('run-trip-1');
    expect(p.store.selection.call.value?.toolCallId).toBe('call_map');
    const lanes = within(p.el).getByRole('listbox', { name: 'Timeline lanes' });
    expect(within(lanes).getByRole('option', { selected: true }).getAttribute('aria-label')).toMatch(
      /show_map call_map/,
    );
  });
});
