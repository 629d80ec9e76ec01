// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, within } from '@testing-library/preact';
import type { RelayMessage } from '../../bridge/messages.js';
import type { ReplayPanelMessage } from '../../bridge/replay-messages.js';
import { decodeBase64 } from '../../core/io/base64.js';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents, sampleRunEvents } from '../test-kit.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
  localStorage.clear();
});

const recordedInput = { threadId: 'thread-1', runId: 'run-1', messages: [{ id: 'u', role: 'user', content: 'hi' }] };

function armed(p: RenderedPanel): Extract<ReplayPanelMessage, { kind: 'replay-arm' }> {
  const m = p.transport.sent.filter((x) => x.kind === 'replay-arm').at(-1);
  if (!m || m.kind !== 'replay-arm') throw new Error('not armed');
  return m;
}

describe('Replay section', () => {
  it('arms the recorded run, shows the armed state, marks the replayed run and its divergences', () => {
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's1', requestBody: recordedInput }, sampleRunEvents()));
    const ui = within(panel.el);
    fireEvent.click(ui.getByRole('button', { name: 'Replay into page' }));
    const msg = armed(panel);
    expect(msg.rewriteIds).toBe(true);
    expect(msg.runs.length).toBe(1);
    const body = new TextDecoder().decode(decodeBase64(msg.runs[0]?.base64 ?? '')!);
    expect(body).toBe(
      sampleRunEvents()
        .map((e) => `data: ${JSON.stringify(e)}\n\n`)
        .join(''),
    );
    const bar = ui.getByRole('region', { name: 'Armed replay' });
    panel.feed([{ kind: 'replay-armed', armId: msg.armId, t: 1 }]);
    expect(bar.textContent).toContain('0 of 1 taken');
    // The app's request, answered by the tap: a replayed stream with another user message.
    const replayed = relayEvents(
      { streamId: 's2', requestBody: { ...recordedInput, messages: [{ id: 'u', role: 'user', content: 'bye' }] } },
      sampleRunEvents('run-x'),
    ).map((m): RelayMessage =>
      m.kind === 'stream-open' ? { ...m, replayed: { source: 'this tab #1', armId: msg.armId, index: 0 } } : m,
    );
    panel.feed(replayed);
    expect(bar.textContent).toContain('All 1 recorded run(s) replayed');
    expect(bar.textContent).toContain('1 divergence(s)');
    expect(ui.getAllByText('replayed').length).toBeGreaterThan(0);
    fireEvent.click(within(bar).getByRole('button', { name: 'Done' }));
    expect(ui.queryByRole('region', { name: 'Armed replay' })).toBeNull();
  });

  it('Disarm tells the tap; edits are validated per line and never sent while invalid', () => {
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
    const ui = within(panel.el);
    fireEvent.click(ui.getByRole('button', { name: 'Edit events before replay' }));
    const area = ui.getByRole('textbox', { name: 'Events to replay' }) as HTMLTextAreaElement;
    const lines = area.value.split('\n');
    fireEvent.input(area, { target: { value: [...lines, '{oops'].join('\n') } });
    expect(ui.getByRole('list', { name: 'Invalid lines' }).textContent).toContain(`line ${lines.length + 1}`);
    fireEvent.click(ui.getByRole('button', { name: 'Replay into page' }));
    expect(panel.transport.sent.some((m) => m.kind === 'replay-arm')).toBe(false);
    fireEvent.input(area, { target: { value: lines.join('\n') } });
    fireEvent.input(ui.getByRole('spinbutton', { name: 'Event' }), { target: { value: '2' } });
    fireEvent.click(ui.getByRole('button', { name: 'Cut off after it' }));
    fireEvent.click(ui.getByRole('button', { name: 'Replay into page' }));
    const msg = armed(panel);
    const body = new TextDecoder().decode(decodeBase64(msg.runs[0]?.base64 ?? '')!);
    expect(body.trim().split('\n\n').length).toBe(2);
    expect(msg.runs[0]?.source).toContain('(edited)');
    fireEvent.click(ui.getByRole('button', { name: 'Disarm' }));
    expect(panel.transport.sent.at(-1)).toEqual({ kind: 'replay-disarm', armId: msg.armId });
  });
});

describe('Replay and navigation', () => {
  it('a new top-level document drops the armed state; a repeated one does not', () => {
    panel = renderPanel();
    const nav = (docId: string): RelayMessage => ({
      kind: 'navigated',
      docId,
      url: 'http://localhost/',
      t: 1,
      top: true,
    });
    panel.feed([nav('doc1'), ...relayEvents({ streamId: 's1' }, sampleRunEvents())]);
    const ui = within(panel.el);
    fireEvent.click(ui.getByRole('button', { name: 'Replay into page' }));
    panel.feed([nav('doc1')]);
    expect(ui.getByRole('region', { name: 'Armed replay' })).toBeTruthy();
    panel.feed([nav('doc2')]);
    expect(ui.queryByRole('region', { name: 'Armed replay' })).toBeNull();
    expect(ui.getByText('The page navigated: the armed replay went with it.')).toBeTruthy();
  });
});
