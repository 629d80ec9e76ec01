// @vitest-environment happy-dom
// The support loop in the panel: an imported file replays and its replayed run is recorded
// although Import paused recording; the armed bar follows what the tab did; expiry is only
// for an arm nobody took; Clear and Import reset what Replay would send.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, within } from '@testing-library/preact';
import type { RelayMessage } from '../../bridge/messages.js';
import type { ReplayPanelMessage } from '../../bridge/replay-messages.js';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents, sampleRunEvents, sseFrame } from '../test-kit.js';
import { ARM_ACK_MS } from './arm-state.js';
import { importFile } from '../io/import-actions.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
  localStorage.clear();
  vi.useRealTimers();
});

type Arm = Extract<ReplayPanelMessage, { kind: 'replay-arm' }>;
function lastArm(p: RenderedPanel): Arm {
  const m = p.transport.sent.filter((x) => x.kind === 'replay-arm').at(-1);
  if (!m || m.kind !== 'replay-arm') throw new Error('not armed');
  return m;
}

function har(runId: string, url = 'https://customer.example/api/agent'): Uint8Array {
  const text = sampleRunEvents(runId).map(sseFrame).join('');
  const entry = {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 1,
    request: { method: 'POST', url, headers: [], postData: { mimeType: 'application/json', text: '{}' } },
    response: {
      status: 200,
      headers: [{ name: 'Content-Type', value: 'text/event-stream' }],
      content: { size: text.length, mimeType: 'text/event-stream', text },
    },
  };
  return new TextEncoder().encode(
    JSON.stringify({ log: { version: '1.2', creator: { name: 't' }, entries: [entry] } }),
  );
}

/** The app's request as the tap answers it: a stream marked with the arm. */
function answered(arm: Arm, streamId: string, index = 0, end = true): RelayMessage[] {
  return relayEvents(
    {
      streamId,
      url: 'http://localhost:5173/api/agent',
      replayed: { source: arm.runs[index]?.source ?? '', armId: arm.armId, index },
    },
    sampleRunEvents('app-run'),
    end,
  );
}

/** The tap's word that it installed the arm. */
const ack = (arm: Arm, armId = arm.armId): RelayMessage => ({ kind: 'replay-armed', armId, t: 1 });

const bar = (p: RenderedPanel): HTMLElement => within(p.el).getByRole('region', { name: 'Armed replay' });
const preview = (p: RenderedPanel): string =>
  within(p.el).getByRole('status', { name: 'What will be replayed' }).textContent ?? '';

describe('an imported file replays into the page', () => {
  it('names the source by file and run, matches the recorded path on any origin, records the replayed run', () => {
    panel = renderPanel();
    act(() => void importFile(panel!.store, 'replay-source.har', har('run-cust-1')));
    expect(panel.store.capture.recording.value).toBe(false);
    expect(preview(panel)).toContain('replay-source.har · run-cust-1');
    expect(preview(panel)).toContain('/api/agent on any origin');
    // The pacing note is worked out for a setup on screen (it walks every event).
    expect(preview(panel)).not.toContain('keeps no chunk timing');
    act(() => void (panel!.store.replay!.setupOpen.value = true));
    expect(preview(panel)).toContain('keeps no chunk timing');
    fireEvent.click(within(panel.el).getByRole('button', { name: 'Replay into page' }));
    const arm = lastArm(panel);
    expect(arm.path).toBe('/api/agent');
    expect(arm.pattern).toBe('');
    expect(arm.runs[0]?.source).toBe('replay-source.har · run-cust-1');
    expect(arm.runs[0]?.recordedUrl).toBe('https://customer.example/api/agent');
    panel.feed([ack(arm)]);
    expect(bar(panel).textContent).toContain('0 of 1 taken');
    panel.feed(answered(arm, 'replayed-1'));
    // Recorded although recording is off: the user asked for it.
    expect(panel.store.capture.model.value.streams.map((s) => s.info.streamId)).toContain('replayed-1');
    expect(bar(panel).textContent).toContain('1 of 1 taken');
    expect(bar(panel).textContent).toContain('disarmed');
    // A live stream that is not a replay stays out while recording is off.
    panel.feed(relayEvents({ streamId: 'live-1' }, sampleRunEvents('live')));
    expect(panel.store.capture.model.value.streams.map((s) => s.info.streamId)).not.toContain('live-1');
  });

  it('the "Any URL" choice and a pattern are sent as chosen', () => {
    panel = renderPanel();
    act(() => void importFile(panel!.store, 'a.har', har('r1')));
    const ui = within(panel.el);
    fireEvent.click(ui.getByRole('radio', { name: 'Any URL' }));
    expect(preview(panel)).toContain('to any URL');
    fireEvent.click(ui.getByRole('button', { name: 'Replay into page' }));
    expect(lastArm(panel)).toMatchObject({ path: '', pattern: '' });
    fireEvent.input(ui.getByRole('textbox', { name: 'URL pattern' }), { target: { value: '*/v2/agent' } });
    fireEvent.click(ui.getByRole('button', { name: 'Replay into page' }));
    expect(lastArm(panel)).toMatchObject({ path: '', pattern: '*/v2/agent' });
  });

  it('says a run is being answered while its replayed stream is open, and no longer once it ends', () => {
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
    fireEvent.click(within(panel.el).getByRole('button', { name: 'Replay into page' }));
    const arm = lastArm(panel);
    const messages = answered(arm, 'replayed-1');
    const last = messages.at(-1);
    expect(last?.kind).toBe('stream-end');
    panel.feed(messages.slice(0, -1));
    expect(panel.store.replay?.answering.value).toBe(true);
    expect(bar(panel).textContent).toContain('answering run');
    panel.feed(messages.slice(-1));
    expect(panel.store.replay?.answering.value).toBe(false);
    expect(bar(panel).textContent).not.toContain('answering run');
  });

  it('a taken run survives a Clear: the bar keeps counting it', () => {
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
    fireEvent.click(within(panel.el).getByRole('button', { name: 'Replay into page' }));
    const arm = lastArm(panel);
    panel.feed(answered(arm, 'replayed-1'));
    act(() => panel?.store.clear());
    expect(bar(panel).textContent).toContain('1 of 1 taken');
  });
});

describe('the armed bar waits for the tap', () => {
  it('says arming until the tap confirms this arm, then armed; Disarm works meanwhile', () => {
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
    fireEvent.click(within(panel.el).getByRole('button', { name: 'Replay into page' }));
    const arm = lastArm(panel);
    expect(bar(panel).textContent).toContain('Arming in the page…');
    expect(bar(panel).textContent).not.toContain('taken');
    panel.feed([ack(arm, 'arm-of-another-panel.1')]);
    expect(bar(panel).textContent).toContain('Arming in the page…');
    panel.feed([ack(arm)]);
    expect(bar(panel).textContent).not.toContain('Arming');
    expect(bar(panel).textContent).toContain('Armed: the next AG-UI request');
    expect(bar(panel).textContent).toContain('0 of 1 taken');
    fireEvent.click(within(panel.el).getByRole('button', { name: 'Replay into page' }));
    expect(bar(panel).textContent).toContain('Arming in the page…');
    fireEvent.click(within(bar(panel)).getByRole('button', { name: 'Disarm' }));
    expect(panel.transport.sent.at(-1)).toEqual({ kind: 'replay-disarm', armId: lastArm(panel).armId });
  });

  it('says the page did not confirm when no acknowledgement comes, and armed if one comes late', () => {
    vi.useFakeTimers();
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
    fireEvent.click(within(panel.el).getByRole('button', { name: 'Replay into page' }));
    const arm = lastArm(panel);
    act(() => void vi.advanceTimersByTime(ARM_ACK_MS + 100));
    expect(bar(panel).textContent).toContain('The page did not confirm the replay: reload it and arm again');
    expect(bar(panel).textContent).not.toContain('taken');
    panel.feed([ack(arm)]);
    expect(bar(panel).textContent).toContain('0 of 1 taken');
  });
});

describe('expiry', () => {
  it('expires an arm nobody took, and says so', () => {
    vi.useFakeTimers();
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
    const ui = within(panel.el);
    fireEvent.input(ui.getByRole('spinbutton', { name: /Expires if not taken within/ }), { target: { value: '2' } });
    fireEvent.click(ui.getByRole('button', { name: 'Replay into page' }));
    expect(lastArm(panel).ttlMs).toBe(2000);
    act(() => void vi.advanceTimersByTime(2100));
    expect(bar(panel).textContent).toContain('Expired (0 of 1 taken)');
  });

  it('never expires a Step run the app is taking: its controls stay until it ends', () => {
    vi.useFakeTimers();
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
    const ui = within(panel.el);
    fireEvent.input(ui.getByRole('spinbutton', { name: /Expires if not taken within/ }), { target: { value: '2' } });
    fireEvent.change(ui.getByRole('combobox', { name: 'Pacing' }), { target: { value: 'step' } });
    fireEvent.click(ui.getByRole('button', { name: 'Replay into page' }));
    const arm = lastArm(panel);
    const open = answered(arm, 'stepping', 0, false).slice(0, 1); // opened, nothing released yet
    panel.feed(open);
    act(() => void vi.advanceTimersByTime(5000));
    expect(bar(panel).textContent).not.toContain('Expired');
    expect(within(bar(panel)).getByRole('group', { name: 'Step controls' })).toBeTruthy();
    fireEvent.click(within(bar(panel)).getByRole('button', { name: 'Next event' }));
    expect(panel.transport.sent.at(-1)).toEqual({ kind: 'replay-release', armId: arm.armId, upTo: 1 });
  });
});

describe('Clear and Import reset what Replay sends', () => {
  it('after Clear and a new import, the new file is what replays', () => {
    panel = renderPanel();
    const ui = within(panel.el);
    act(() => panel?.store.replay?.loadFile('first.har', har('run-first')));
    expect(preview(panel)).toContain('first.har · run-first');
    act(() => void importFile(panel!.store, 'first.har', har('run-first')));
    act(() => panel?.store.clear());
    expect(preview(panel)).toContain('nothing to replay');
    act(() => void importFile(panel!.store, 'second.har', har('run-second')));
    expect(preview(panel)).toContain('second.har · run-second');
    fireEvent.click(ui.getByRole('button', { name: 'Replay into page' }));
    expect(lastArm(panel).runs[0]?.source).toBe('second.har · run-second');
  });
});

describe('Replay this run into page', () => {
  it('from the run detail: picks that run, unfolds Replay, shows it before arming, sends nothing yet', () => {
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's1' }, sampleRunEvents('run-a')));
    panel.feed(relayEvents({ streamId: 's2', t0: 1_764_700_001_000 }, sampleRunEvents('run-b')));
    const ui = within(panel.el);
    fireEvent.click(ui.getByRole('option', { name: /Run run-b/ }));
    const detail = within(panel.el.querySelector('#agui-detail') as HTMLElement);
    fireEvent.click(detail.getByRole('button', { name: 'Replay this run into page' }));
    expect((panel.el.querySelector('details.replay-setup') as HTMLDetailsElement).open).toBe(true);
    expect(preview(panel)).toContain('this tab · run-b');
    expect(panel.transport.sent.some((m) => m.kind === 'replay-arm')).toBe(false);
    expect(document.activeElement?.textContent).toBe('Replay into page');
    fireEvent.click(ui.getByRole('button', { name: 'Replay into page' }));
    expect(lastArm(panel).runs[0]?.source).toBe('this tab · run-b');
  });
});
