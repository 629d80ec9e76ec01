// @vitest-environment happy-dom
// The timing thresholds are settings: chosen in the Settings dialog, kept between openings,
// and applied to the live session at its next tick.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents, sampleRunEvents } from '../test-kit.js';
import { SETTINGS_KEY } from '../store/settings-store.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
});

const T0 = 1_764_700_000_000;
// 14 events 10 ms apart: RUN_FINISHED at T0 + 140, and the body stays open.
const openAfterFinished = () => relayEvents({ streamId: 's', t0: T0 }, sampleRunEvents(), false);
const openFindings = (p: RenderedPanel) =>
  p.store.capture.model.value.findings.filter((f) => f.rule === 'timing/open-after-terminal');

describe('timing thresholds in Settings', () => {
  it('a body open 2 s after RUN_FINISHED is a finding once the grace is set to 1 s, not at the default 5 s', () => {
    const storage = new Map<string, string>();
    panel = renderPanel({ storage });
    const p = panel;
    p.feed(openAfterFinished());
    act(() => p.store.capture.tick(T0 + 2_140));
    expect(openFindings(p)).toHaveLength(0);
    fireEvent.click(within(p.el).getByRole('button', { name: 'Settings' }));
    const grace = within(p.el).getByLabelText('Body open after the run ended: finding after') as HTMLSelectElement;
    expect(grace.value).toBe('5');
    act(() => {
      fireEvent.change(grace, { target: { value: '1' } });
    });
    act(() => p.store.capture.tick(T0 + 2_200));
    expect(openFindings(p)).toHaveLength(1);
    expect(JSON.parse(storage.get(SETTINGS_KEY) ?? '{}')).toMatchObject({ openAfterTerminalS: 1 });
  });

  it('reads the stall threshold back from storage, and falls back on a value it does not offer', () => {
    const storage = new Map([[SETTINGS_KEY, JSON.stringify({ stallS: 60, openAfterTerminalS: 7 })]]);
    panel = renderPanel({ storage });
    expect(panel.store.settings.settings.value.stallS).toBe(60);
    expect(panel.store.settings.settings.value.openAfterTerminalS).toBe(5);
    fireEvent.click(within(panel.el).getByRole('button', { name: 'Settings' }));
    expect((within(panel.el).getByLabelText('Run without events: stall after') as HTMLSelectElement).value).toBe('60');
  });
});
