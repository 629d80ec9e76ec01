// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents, sampleRunEvents } from '../test-kit.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
  localStorage.clear();
});

const T0 = 1_764_700_000_000;

describe('capture health indicator', () => {
  it('says what was lost and where, in the short and the long form', () => {
    panel = renderPanel();
    panel.feed([
      { kind: 'buffer-state', docId: 'd1', buffered: 1, dropped: 1_234, droppedBytes: 3 * 1024 * 1024, bytes: 1 },
    ]);
    const status = within(panel.el).getByRole('status', { name: 'Capture health' });
    expect(status.textContent).toContain('1,234 chunks dropped');
    expect(status.getAttribute('title')).toContain('1,234 chunks dropped');
    expect(status.className).toContain('bad');
  });

  it('shows no loss when nothing was lost, however much the buffers evicted after delivery', () => {
    panel = renderPanel();
    panel.feed([{ kind: 'buffer-state', docId: 'd1', buffered: 20_000, dropped: 0, droppedBytes: 0, bytes: 1 }]);
    const status = within(panel.el).getByRole('status', { name: 'Capture health' });
    expect(status.textContent).not.toContain('dropped');
    expect(status.getAttribute('title')).toContain('nothing lost on the way');
  });

  it('a closed tab: "tab closed", and the run says so in the timeline', () => {
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's' }, sampleRunEvents().slice(0, 3), false));
    panel.feed([{ kind: 'tab-closed', t: T0 + 1_000 }]);
    const view = within(panel.el);
    expect(view.getByRole('status', { name: 'Capture health' }).textContent).toContain('tab closed');
    expect(view.getByText(/^#1 · \d\d:\d\d:\d\d · thread thread-1 · run run-1 — tab closed/)).toBeTruthy();
  });

  it('the session cap is a setting: choosing one reaches the capture store', () => {
    panel = renderPanel();
    fireEvent.click(within(panel.el).getByRole('button', { name: 'Settings' }));
    const select = within(panel.el).getByLabelText('Session memory cap') as HTMLSelectElement;
    expect(select.value).toBe('512');
    act(() => {
      fireEvent.change(select, { target: { value: '128' } });
    });
    expect(panel.store.settings.settings.value.sessionCapMb).toBe(128);
    expect(panel.store.capture.health.value.session.capBytes).toBe(128 * 1024 * 1024);
  });
});
