// @vitest-environment happy-dom
// A run request with no AG-UI answer: a failed run on the timeline, its answer in the run
// detail as text, and capture health naming it instead of "none was an AG-UI stream".
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, within } from '@testing-library/preact';
import type { RelayMessage } from '../../bridge/messages.js';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { healthProblem } from '../store/health.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
  localStorage.clear();
});

const T0 = 1_764_700_000_000;
const INPUT = JSON.stringify({ threadId: 'thread-1', runId: 'run-503', messages: [] });

function failed(status: number, contentType: string, body: string): RelayMessage[] {
  return [
    {
      kind: 'stream-open',
      streamId: 'f1',
      seq: 0,
      t: T0,
      transport: 'fetch',
      encoding: 'none',
      url: 'http://localhost/agent',
      method: 'POST',
      requestHeaders: {},
      requestBody: INPUT,
      status,
      contentType,
      frameUrl: 'http://localhost/',
    },
    { kind: 'stream-chunk', streamId: 'f1', seq: 1, t: T0 + 5, text: body },
    { kind: 'stream-end', streamId: 'f1', seq: 2, t: T0 + 12, reason: 'complete' },
  ];
}

describe('a failed run request in the panel', () => {
  it('is a run drawn as failed, whose detail shows status, content type and the body start as text', () => {
    const p = (panel = renderPanel());
    p.feed([
      { kind: 'tap-ready', frameId: 'f', frameUrl: 'http://localhost/', top: true, t: T0 },
      ...failed(500, 'text/html', '<html><head><title>Server Error</title></head><body><b>It broke</b></body></html>'),
    ]);
    const header = within(p.el).getByRole('option', { name: /Run run-503/ });
    expect(header.querySelector('.tl-label')?.getAttribute('title')).toContain('request failed: HTTP 500, 12 ms');
    const selector = within(p.el).getByRole('combobox', { name: 'Run' });
    expect(
      within(selector)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContainEqual(
      expect.stringMatching(
        /run run-503 \(request failed: HTTP 500 text\/html · rejected by the official client \(1\.0\)\)$/,
      ),
    );
    expect(p.el.querySelector('.bar.run.failed')).not.toBeNull();
    fireEvent.click(header);
    const d = within(p.el.querySelector('#agui-detail') as HTMLElement);
    expect(d.getByText('500')).toBeTruthy();
    expect(d.getByText('fetch · none · text/html')).toBeTruthy();
    expect(d.getByText('Server Error')).toBeTruthy();
    expect(d.getByLabelText('Body start').textContent).toBe('It broke');
    expect(p.el.querySelector('#agui-detail b')).toBeNull();
    expect(within(p.el).getAllByText(/transport\/http-status/).length).toBeGreaterThan(0);
  });

  it('capture health names the failed requests', () => {
    const p = (panel = renderPanel());
    p.feed([
      { kind: 'tap-ready', frameId: 'f', frameUrl: 'http://localhost/', top: true, t: T0 },
      ...failed(503, 'text/plain', 'down'),
    ]);
    const h = { ...p.store.capture.health.value, connected: true };
    expect(healthProblem(h, true)).toBe(
      '1 run request failed, none answered with an AG-UI stream (last: HTTP 503 text/plain from http://localhost/agent): see the failed run on the timeline.',
    );
  });
});
