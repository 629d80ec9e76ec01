// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, within } from '@testing-library/preact';
import type { ReplayPanelMessage } from '../../bridge/replay-messages.js';
import { decodeBase64 } from '../../core/io/base64.js';
import { CLIENT_CASES } from '../../core/client-cases/catalogue.js';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents, sampleRunEvents } from '../test-kit.js';
import { casePlayNote } from './case-source.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
  localStorage.clear();
});

function lastArm(p: RenderedPanel): Extract<ReplayPanelMessage, { kind: 'replay-arm' }> {
  const m = p.transport.sent.filter((x) => x.kind === 'replay-arm').at(-1);
  if (!m || m.kind !== 'replay-arm') throw new Error('not armed');
  return m;
}

const byId = (id: string) => CLIENT_CASES.find((c) => c.id === id)!;

describe('Recording: a conformance case…', () => {
  it('lists the catalogue by group, describes the picked case and arms its bytes for any URL', async () => {
    panel = renderPanel();
    panel.feed(relayEvents({ streamId: 's1', url: 'https://app.test/api/copilot/agent' }, sampleRunEvents()));
    const ui = within(panel.el);
    fireEvent.click(ui.getByRole('radio', { name: 'A conformance case…' }));
    const select = (await ui.findByRole('combobox', { name: 'Conformance case' })) as HTMLSelectElement;
    const groups = [...select.querySelectorAll('optgroup')].map((g) => g.label);
    expect(groups).toEqual(['Official 1.0', 'Official 1.1', 'Official draft', 'Frameworks']);
    expect(select.querySelectorAll('option').length).toBe(CLIENT_CASES.length);
    const http500 = byId('frameworks/http-500');
    fireEvent.change(select, { target: { value: http500.id } });
    const about = ui.getByRole('group', { name: 'About this case' });
    expect(about.textContent).toContain(http500.goodClient);
    expect(about.textContent).toContain('Answers HTTP 500 (application/json)');
    expect(ui.getByRole('status', { name: 'What will be replayed' }).textContent).toContain(
      'Will replay conformance case frameworks/http-500',
    );
    fireEvent.click(ui.getByRole('button', { name: 'Replay into page' }));
    const msg = lastArm(panel);
    expect(msg.path).toBe('');
    expect(msg.pattern).toBe('');
    expect(msg.runs.length).toBe(1);
    const run = msg.runs[0]!;
    expect(run.source).toBe('conformance case frameworks/http-500');
    expect(run.status).toBe(500);
    expect(run.contentType).toBe('application/json');
    const body = new TextDecoder().decode(decodeBase64(run.base64)!);
    expect(body).toBe(http500.answer.parts.map((p) => ('raw' in p ? p.raw : '')).join(''));
  });

  it('a case with stalls says its timing needs "As recorded"; a plain one plays as served', () => {
    expect(casePlayNote(byId('frameworks/slow-with-stalls'))).toMatch(
      /stalls of up to 1[0-9.]* s: only Pacing "As recorded"/,
    );
    expect(casePlayNote(byId('frameworks/reopened-call'))).toBe(
      'Plays in the page exactly as `serve --cases` serves it.',
    );
  });
});
