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

function live(): RenderedPanel {
  panel = renderPanel();
  panel.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
  return panel;
}

describe('timeline', () => {
  it('shows one group per run and one lane per call, with the reopen connector and result', () => {
    const p = live();
    const view = within(p.el);
    expect(view.getByText(/^#1 · \d\d:\d\d:\d\d · thread thread-1 · run run-1 — success/)).toBeTruthy();
    const lane = view.getByRole('option', { name: /Tool call search_web call-1, result/ });
    expect(within(lane).getByText('search_docs → search_web')).toBeTruthy();
    expect(within(lane).getByText('reopen #1')).toBeTruthy();
    expect(view.getByText('messages (1)')).toBeTruthy();
  });

  it('keeps the selection across live updates', () => {
    const p = live();
    fireEvent.click(within(p.el).getByRole('option', { name: /Tool call search_web/ }));
    p.feed(relayEvents({ streamId: 's2', t0: 1_764_700_010_000 }, sampleRunEvents('run-2')));
    expect(p.store.selection.call.value).toEqual({ runKey: 's1#0', toolCallId: 'call-1' });
    const lanes = within(p.el).getByRole('listbox', { name: 'Timeline lanes' });
    const selected = within(lanes).getAllByRole('option', { selected: true });
    expect(selected).toHaveLength(1);
    expect(selected[0]?.getAttribute('aria-label')).toMatch(/search_web call-1/);
  });
});

describe('call detail', () => {
  it('shows names, owner, status, delta-marked text and a scrubber over the partial value', () => {
    const p = live();
    fireEvent.click(within(p.el).getByRole('option', { name: /Tool call search_web/ }));
    const detail = within(p.el.querySelector('#agui-detail') as HTMLElement);
    expect(detail.getByText('search_docs → search_web')).toBeTruthy();
    expect(detail.getByText('parent agent')).toBeTruthy();
    const text = detail.getByLabelText('Argument text with delta boundaries');
    expect(text.querySelectorAll('.delta')).toHaveLength(4);
    expect(text.textContent).toBe('{"query":"refund policy"}{"x":1}');
    // Scrub to delta 2: the partial value completes the open string.
    const range = detail.getByRole('slider', { name: 'Delta' });
    fireEvent.input(range, { target: { value: '1' } });
    const tree = detail.getByRole('tree', { name: 'Partial arguments as of delta 2' });
    expect(tree.textContent).toContain('"refund"');
    fireEvent.click(detail.getByRole('button', { name: 'Next delta' }));
    expect(detail.getByRole('tree', { name: 'Partial arguments as of delta 3' }).textContent).toContain(
      '"refund policy"',
    );
    // The final text is two JSON values back to back.
    expect(detail.getByText(/2 JSON values back to back: misrouted parallel arguments/)).toBeTruthy();
    expect(detail.getByLabelText('Result 1').textContent).toContain('Refunds within 30 days.');
  });
});

describe('findings', () => {
  it('groups by rule with counts and jumps to the call', () => {
    const p = live();
    fireEvent.click(within(p.el).getByRole('tab', { name: /Findings/ }));
    const list = within(p.el).getByRole('listbox', { name: 'Findings' });
    const group = within(list).getByRole('group', { name: /tool-call\/reopen-name-mismatch \(1\)/ });
    fireEvent.click(within(group).getByRole('option', { name: /reopen-name-mismatch.*call call-1/ }));
    expect(p.store.selection.finding.value).toBeDefined();
    expect(p.store.selection.call.value).toEqual({ runKey: 's1#0', toolCallId: 'call-1' });
  });

  it('n / N step through findings and select their call', () => {
    const p = live();
    act(() => {
      fireEvent.keyDown(p.el.querySelector('.agui-root') as HTMLElement, { key: 'n' });
    });
    expect(p.store.selection.finding.value).toBe(p.store.findings.value.order[0]);
    // Visibly: exactly one marker ringed, on the selected lane.
    const marked = p.el.querySelectorAll('.marker.finding.selected');
    expect(marked).toHaveLength(1);
    expect(marked[0]?.closest('[role="option"]')?.getAttribute('aria-selected')).toBe('true');
  });
});

describe('filter and chips', () => {
  it('text, -negation and /regex/ hide lanes; filters never drop data', () => {
    const p = live();
    p.feed(
      relayEvents({ streamId: 's2', t0: 1_764_700_010_000 }, [
        { type: 'RUN_STARTED', threadId: 't', runId: 'run-b' },
        { type: 'TOOL_CALL_START', toolCallId: 'call-weather', toolCallName: 'get_weather' },
        { type: 'TOOL_CALL_END', toolCallId: 'call-weather' },
        { type: 'RUN_FINISHED', threadId: 't', runId: 'run-b' },
      ]),
    );
    const box = within(p.el).getByRole('searchbox', { name: 'Filter' });
    fireEvent.input(box, { target: { value: 'weather' } });
    expect(within(p.el).queryByRole('option', { name: /search_web/ })).toBeNull();
    expect(within(p.el).getByRole('option', { name: /get_weather/ })).toBeTruthy();
    fireEvent.input(box, { target: { value: '-weather' } });
    expect(within(p.el).queryByRole('option', { name: /get_weather/ })).toBeNull();
    fireEvent.input(box, { target: { value: '/^get_w/' } });
    expect(within(p.el).getByRole('option', { name: /get_weather/ })).toBeTruthy();
    expect(p.store.capture.model.value.runs.length).toBe(2);
  });

  it('severity chips show counts and toggle', () => {
    const p = live();
    const counts = p.store.capture.model.value.counts;
    const chip = within(p.el).getByRole('button', { name: new RegExp(`^Errors: ${counts.error}`) });
    fireEvent.click(chip);
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    expect(
      p.store.findings.value.order.every((i) => p.store.capture.model.value.findings[i]?.severity !== 'error'),
    ).toBe(true);
  });

  it('/ focuses the filter and Esc clears it', () => {
    const p = live();
    const root = p.el.querySelector('.agui-root') as HTMLElement;
    fireEvent.keyDown(root, { key: '/' });
    const box = within(p.el).getByRole('searchbox', { name: 'Filter' });
    expect(document.activeElement).toBe(box);
    fireEvent.input(box, { target: { value: 'abc' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(p.store.settings.settings.value.filterText).toBe('');
  });
});

describe('events', () => {
  it('lists raw events and shows the selected event bytes as SSE text', () => {
    const p = live();
    fireEvent.click(within(p.el).getByRole('tab', { name: 'Events' }));
    const list = within(p.el).getByRole('listbox', { name: 'Events' });
    const rows = within(list).getAllByRole('option');
    expect(rows).toHaveLength(sampleRunEvents().length);
    fireEvent.click(rows[4] as HTMLElement);
    const raw = within(p.el).getByLabelText('Raw event bytes');
    expect(raw.textContent).toContain('data: {"type":"TOOL_CALL_START"');
    fireEvent.keyDown(list, { key: 'j' });
    expect(p.store.selection.event.value?.index).toBe(5);
  });

  it('the chunk-expanded view marks synthesized events', () => {
    const p = renderPanel();
    panel = p;
    p.feed(
      relayEvents({ streamId: 'c1' }, [
        { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
        { type: 'TOOL_CALL_CHUNK', toolCallId: 'c', toolCallName: 'calc', delta: '{"a":1}' },
        { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
      ]),
    );
    fireEvent.click(within(p.el).getByRole('tab', { name: 'Events' }));
    fireEvent.click(within(p.el).getByRole('checkbox', { name: /Chunk-expanded view/ }));
    expect(within(p.el).getAllByText(/synthesized: /).length).toBeGreaterThan(0);
  });

  it('marks a broken event red, and not an event the client merely strips a property from', () => {
    const p = renderPanel();
    panel = p;
    p.feed(
      relayEvents({ streamId: 'n1' }, [
        { type: 'RUN_STARTED', threadId: 't', runId: 'r', vendorExtra: 1 },
        { type: 'TEXT_MESSAGE_CONTENT', delta: 'no id' },
        { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
      ]),
    );
    fireEvent.click(within(p.el).getByRole('tab', { name: 'Events' }));
    const rows = within(within(p.el).getByRole('listbox', { name: 'Events' })).getAllByRole('option');
    const typeCell = (i: number) => rows[i]?.querySelector('.ev-type');
    expect(typeCell(0)?.classList.contains('sev-error')).toBe(false);
    expect(typeCell(1)?.classList.contains('sev-error')).toBe(true);
  });
});

describe('theme', () => {
  it('follows the system theme and the override', () => {
    const p = live();
    const root = p.el.querySelector('.agui-root') as HTMLElement;
    expect(root.dataset.theme).toBe('light');
    act(() => {
      p.systemTheme.value = 'dark';
    });
    expect(root.dataset.theme).toBe('dark');
    fireEvent.click(within(p.el).getByRole('button', { name: 'Settings' }));
    const settings = within(p.el).getByRole('dialog', { name: 'Settings' });
    fireEvent.change(within(settings).getByRole('combobox', { name: 'Theme' }), { target: { value: 'light' } });
    expect(root.dataset.theme).toBe('light');
  });
});

describe('settings gear', () => {
  it('opens from the keyboard, holds the rarely used settings, and Escape gives focus back', () => {
    const p = renderPanel();
    const gear = within(p.el).getByRole('button', { name: 'Settings' });
    expect(gear.getAttribute('aria-expanded')).toBe('false');
    expect(within(p.el).queryByRole('combobox', { name: 'Theme' })).toBeNull();
    gear.focus();
    fireEvent.click(gear);
    const dialog = within(p.el).getByRole('dialog', { name: 'Settings' });
    expect(gear.getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getByRole('combobox', { name: 'Theme' })).toBe(document.activeElement);
    expect(within(dialog).getByLabelText('Session memory cap')).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(within(p.el).queryByRole('dialog', { name: 'Settings' })).toBeNull();
    expect(document.activeElement).toBe(gear);
    p.unmount();
  });
});
