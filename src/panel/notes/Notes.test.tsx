// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, within } from '@testing-library/preact';
import { buildExport } from '../io/export-actions.js';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents, sampleRunEvents } from '../test-kit.js';
import { importFile } from '../io/import-actions.js';

const panels: RenderedPanel[] = [];
afterEach(() => {
  for (const p of panels.splice(0)) p.unmount();
  localStorage.clear();
});
const open = (opts: { offline?: boolean } = {}) => {
  const p = renderPanel(opts);
  panels.push(p);
  return p;
};

function addNote(p: RenderedPanel, button: string, text: string): void {
  const detail = within(p.el.querySelector('#agui-detail') as HTMLElement);
  fireEvent.click(detail.getByRole('button', { name: button }));
  fireEvent.input(detail.getByRole('textbox', { name: 'Note text' }), { target: { value: text } });
  fireEvent.click(detail.getByRole('button', { name: 'Save note' }));
}

describe('notes', () => {
  it('a note on a call shows in its detail, as a pin on its lane and in the Notes tab', () => {
    const p = open();
    p.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
    const ui = within(p.el);
    fireEvent.click(ui.getByRole('option', { name: /Tool call search_web call-1/ }));
    addNote(p, 'Add note to this call', 'The second name is wrong');
    const detail = within(p.el.querySelector('#agui-detail') as HTMLElement);
    expect(detail.getByRole('list', { name: 'Notes on this call' }).textContent).toContain('The second name is wrong');
    const lane = ui.getByRole('option', { name: /Tool call search_web call-1/ });
    expect(within(lane).getByRole('button', { name: 'Note: The second name is wrong' })).toBeTruthy();
    fireEvent.click(ui.getByRole('tab', { name: 'Notes (1)' }));
    const list = ui.getByRole('list', { name: 'Notes' });
    expect(list.textContent).toContain('on call search_web call-1');
    expect(list.textContent).toContain('The second name is wrong');
    // Show goes back to the call on the timeline.
    fireEvent.click(within(list).getByRole('button', { name: 'Show' }));
    expect(p.store.selection.view.value).toBe('timeline');
    expect(p.store.selection.call.value).toEqual({ runKey: 's1#0', toolCallId: 'call-1' });
    act(() => p.store.clear());
    expect(ui.getByRole('tab', { name: 'Notes (0)' })).toBeTruthy();
  });

  it('a note on a run: a pin on the run header; an empty note is not saved', () => {
    const p = open();
    p.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
    const ui = within(p.el);
    fireEvent.click(ui.getByRole('option', { name: /Run run-1, thread thread-1/ }));
    const detail = within(p.el.querySelector('#agui-detail') as HTMLElement);
    fireEvent.click(detail.getByRole('button', { name: 'Add note to this run' }));
    expect((detail.getByRole('button', { name: 'Save note' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(detail.getByRole('button', { name: 'Cancel' }));
    addNote(p, 'Add note to this run', 'Slow start');
    const header = ui.getByRole('option', { name: /Run run-1, thread thread-1/ });
    expect(within(header).getByRole('button', { name: 'Note: Slow start' })).toBeTruthy();
    expect(p.store.notes.list.value).toHaveLength(1);
  });

  it('notes go into the session export; importing it in the offline viewer opens at the first note', () => {
    const live = open();
    live.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
    fireEvent.click(within(live.el).getByRole('option', { name: /Tool call search_web call-1/ }));
    addNote(live, 'Add note to this call', 'Look here first');
    fireEvent.click(within(live.el).getByRole('option', { name: /Run run-1/ }));
    addNote(live, 'Add note to this run', 'And here');
    const out = buildExport(live.store, { redacted: false, now: 1_764_700_100_000 });
    expect(JSON.parse(out.text).notes).toHaveLength(2);

    const viewer = open({ offline: true });
    act(() => void importFile(viewer.store, out.name, new TextEncoder().encode(out.text)));
    const ui = within(viewer.el);
    expect(ui.getByRole('tab', { name: 'Notes (2)' })).toBeTruthy();
    const detail = within(viewer.el.querySelector('#agui-detail') as HTMLElement);
    expect(detail.getByRole('heading', { name: /search_web/ })).toBeTruthy();
    expect(detail.getByRole('list', { name: 'Notes on this call' }).textContent).toContain('Look here first');
    expect(viewer.store.notes.current.value).toBe(viewer.store.notes.list.value[0]?.id);
  });

  it('a note on a finding without a call, from the Findings view: on its run header and listed with its rule', () => {
    const p = open();
    p.feed(
      relayEvents({ streamId: 's1' }, [
        { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 'nope', delta: 'orphan' },
        { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
      ]),
    );
    const f = p.store.capture.model.value.findings.find((x) => x.toolCallId === undefined);
    if (!f) throw new Error('content for an unknown message is a finding');
    const ui = within(p.el);
    fireEvent.click(ui.getByRole('tab', { name: /Findings/ }));
    fireEvent.click(ui.getByRole('option', { name: new RegExp(`${f.rule}:`) }));
    addNote(p, 'Add note to this finding', 'Known server bug');
    fireEvent.click(ui.getByRole('tab', { name: 'Notes (1)' }));
    expect(ui.getByRole('list', { name: 'Notes' }).textContent).toContain(
      `on finding ${f.rule} at event #${f.events[0]}`,
    );
    fireEvent.click(ui.getByRole('tab', { name: 'Timeline' }));
    const header = ui.getByRole('option', { name: /Run r1, thread t1/ });
    expect(within(header).getByRole('button', { name: 'Note: Known server bug' })).toBeTruthy();
  });
});
