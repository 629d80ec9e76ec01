// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, within } from '@testing-library/preact';
import type { RelayMessage } from '../../bridge/messages.js';
import type { ReplayPanelMessage } from '../../bridge/replay-messages.js';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents, sampleRunEvents } from '../test-kit.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
  localStorage.clear();
});

const T0 = 1_764_700_000_000;
const recordedUrl = 'https://customer.example/api/copilot/agent';

function lastArm(p: RenderedPanel): Extract<ReplayPanelMessage, { kind: 'replay-arm' }> {
  const m = p.transport.sent.filter((x) => x.kind === 'replay-arm').at(-1);
  if (!m || m.kind !== 'replay-arm') throw new Error('not armed');
  return m;
}

/** The recorded run of `recordedUrl`, armed with the default match (its path), confirmed by the tap at T0 + 1 s. */
function armRecorded(): { p: RenderedPanel; armId: string } {
  const p = renderPanel();
  p.feed(relayEvents({ streamId: 's1', url: recordedUrl, t0: T0 - 60_000 }, sampleRunEvents()));
  fireEvent.click(within(p.el).getByRole('button', { name: 'Replay into page' }));
  const { armId, path } = lastArm(p);
  expect(path).toBe('/api/copilot/agent');
  p.feed([{ kind: 'replay-armed', armId, t: T0 + 1000 }]);
  return { p, armId };
}

const appRequest = (streamId: string, url: string, t0: number, replayed?: { armId: string }): RelayMessage[] =>
  relayEvents(
    {
      streamId,
      url,
      t0,
      ...(replayed ? { replayed: { source: 'this tab · run-1', armId: replayed.armId, index: 0 } } : {}),
    },
    sampleRunEvents('run-app'),
  );

describe('an armed replay says what it did not answer', () => {
  it('names a run request to another path, and "Answer … too" widens the arm so the next one is answered', () => {
    const { p, armId } = armRecorded();
    panel = p;
    const ui = within(p.el);
    const bar = ui.getByRole('region', { name: 'Armed replay' });
    // A run of the tab sent before the tap armed is not the arm's business.
    p.feed(appRequest('early', 'http://localhost:5173/agent', T0 + 500));
    expect(within(bar).queryByRole('status', { name: 'Run request not answered' })).toBeNull();
    p.feed(appRequest('s2', 'http://localhost:5173/agent?x=1', T0 + 2000));
    const missed = within(bar).getByRole('status', { name: 'Run request not answered' });
    expect(missed.textContent).toContain(
      'A run request to POST /agent went to the network: it is not the recorded path /api/copilot/agent.',
    );
    expect(bar.textContent).toContain('0 of 1 taken');
    fireEvent.click(within(bar).getByRole('button', { name: 'Answer /agent too' }));
    expect(p.transport.sent.at(-1)).toEqual({ kind: 'replay-also', armId, path: '/agent' });
    expect(within(bar).queryByRole('status', { name: 'Run request not answered' })).toBeNull();
    // Until the tab confirms, the bar keeps what the page answers now: a run request sent in
    // between still goes to the network (it raced the click once in e2e).
    expect(bar.textContent).not.toContain('or /agent');
    expect(p.el.textContent).toContain('Asking the page to answer /agent too');
    p.feed([{ kind: 'replay-armed', armId, t: T0 + 2100, also: ['/agent'] }]);
    expect(bar.textContent).toContain('/api/copilot/agent or /agent on any origin');
    expect(p.el.textContent).toContain('The armed replay answers /agent too');
    // The same request is not news again once answered for: the model moves on (a stream an
    // older arm answered), and the newest unanswered request is still that one.
    p.feed(appRequest('old-arm', 'http://localhost:5173/agent', T0 + 2500, { armId: 'arm0.1' }));
    expect(within(bar).queryByRole('status', { name: 'Run request not answered' })).toBeNull();
    p.feed(appRequest('s3', 'http://localhost:5173/agent', T0 + 3000, { armId }));
    expect(bar.textContent).toContain('All 1 recorded run(s) replayed');
  });

  it('an arm for any URL that lets a request pass says so without offering a path', () => {
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's1', url: recordedUrl, t0: T0 - 60_000 }, sampleRunEvents()));
    const ui = within(panel.el);
    fireEvent.click(ui.getByRole('radio', { name: 'Any URL' }));
    fireEvent.click(ui.getByRole('button', { name: 'Replay into page' }));
    panel.feed([{ kind: 'replay-armed', armId: lastArm(panel).armId, t: T0 + 1000 }]);
    panel.feed(appRequest('s2', 'http://localhost:5173/agent', T0 + 2000));
    const missed = ui.getByRole('status', { name: 'Run request not answered' });
    expect(missed.textContent).toContain('the armed replay did not answer it (it answers any URL');
    expect(within(missed).queryByRole('button')).toBeNull();
  });
});
