// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents } from '../test-kit.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
});

const events = [
  { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
  { type: 'ACTIVITY_SNAPSHOT', messageId: 'act-1', activityType: 'a2ui-surface', content: { ops: [] } },
  { type: 'ACTIVITY_SNAPSHOT', messageId: 'act-2', activityType: 'plan', content: { steps: [] } },
  {
    type: 'ACTIVITY_DELTA',
    messageId: 'act-1',
    activityType: 'a2ui-surface',
    patch: [{ op: 'add', path: '/x', value: 1 }],
  },
  {
    type: 'ACTIVITY_DELTA',
    messageId: 'act-1',
    activityType: 'a2ui-surface',
    patch: [{ op: 'remove', path: '/nope' }],
  },
  { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' },
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
];

describe('activity lanes', () => {
  it('one lane per activity message, between the run and its calls, a mark per event', () => {
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's', t0: 1_764_700_000_000 }, events));
    const list = within(panel.el).getByRole('listbox', { name: 'Timeline lanes' });
    const names = within(list)
      .getAllByRole('option')
      .map((o) => o.getAttribute('aria-label'));
    expect(names.slice(1)).toEqual([
      'Activity a2ui-surface act-1',
      'Activity plan act-2',
      'Tool call search c1, closed',
    ]);
    const lane = within(list).getByRole('option', { name: 'Activity a2ui-surface act-1' });
    const marks = [...lane.querySelectorAll('.activity-mark')];
    expect(marks.map((m) => m.className)).toEqual([
      'activity-mark snapshot',
      'activity-mark delta',
      'activity-mark delta failed',
    ]);
    expect(lane.textContent).toContain('activity a2ui-surface (3)');
  });

  it('the filter keeps an activity lane by its id', () => {
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's', t0: 1_764_700_000_000 }, events));
    fireEvent.input(within(panel.el).getByRole('searchbox', { name: /filter/i }), { target: { value: 'act-2' } });
    panel.scheduler.flush();
    const list = within(panel.el).getByRole('listbox', { name: 'Timeline lanes' });
    const names = within(list)
      .getAllByRole('option')
      .map((o) => o.getAttribute('aria-label'));
    expect(names.slice(1)).toEqual(['Activity plan act-2']);
  });
});
