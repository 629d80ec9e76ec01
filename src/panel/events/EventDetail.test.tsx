// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, within } from '@testing-library/preact';
import type { RelayMessage } from '../../bridge/messages.js';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents } from '../test-kit.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
  localStorage.clear();
});

const run = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
];

/** An EventSource stream: messages, not bytes. */
function eventSource(streamId: string): RelayMessage[] {
  const t = 1_764_700_000_000;
  return [
    {
      kind: 'stream-open',
      streamId,
      seq: 0,
      t,
      transport: 'eventsource',
      encoding: 'eventsource',
      url: 'http://localhost/events',
      method: 'GET',
      requestHeaders: {},
      status: 200,
      contentType: 'text/event-stream',
      frameUrl: 'http://localhost/',
    },
    ...run.map((e, i): RelayMessage => ({
      kind: 'stream-message',
      streamId,
      seq: i + 1,
      t: t + i + 1,
      event: 'message',
      data: JSON.stringify(e),
      lastEventId: '',
    })),
    { kind: 'stream-end', streamId, seq: 3, t: t + 5, reason: 'complete' },
  ];
}

function detailOf(p: RenderedPanel, index: number): HTMLElement {
  fireEvent.click(within(p.el).getByRole('tab', { name: 'Events' }));
  const rows = within(within(p.el).getByRole('listbox', { name: 'Events' })).getAllByRole('option');
  fireEvent.click(rows[index] as HTMLElement);
  return within(p.el).getByRole('region', { name: `Event ${index}` });
}

describe('event detail', () => {
  it('gives an SSE event its byte range', () => {
    const p = (panel = renderPanel());
    p.feed(relayEvents({ streamId: 's1' }, run));
    const detail = detailOf(p, 1);
    const bytes = within(detail).getByText('bytes').nextElementSibling?.textContent ?? '';
    expect(bytes).toMatch(/^\d+–\d+$/);
    const [a, b] = bytes.split('–').map(Number);
    expect(b! - a!).toBe(`data: ${JSON.stringify(run[1])}\n\n`.length);
  });

  it('gives an EventSource message its place instead of a byte range it does not have', () => {
    const p = (panel = renderPanel());
    p.feed(eventSource('es1'));
    const detail = detailOf(p, 1);
    expect(within(detail).queryByText('bytes')).toBeNull();
    expect(within(detail).getByText('message').nextElementSibling?.textContent).toBe('#1 of the EventSource messages');
  });
});
