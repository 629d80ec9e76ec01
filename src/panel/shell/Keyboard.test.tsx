// @vitest-environment happy-dom
// Keyboard habits across the views (arrows / j k, Home / End, Enter, Esc, n, `/`) and the
// timeline's resizable label column, over a real store.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { SETTINGS_KEY } from '../store/settings-store.js';
import { relayEvents, sampleRunEvents } from '../test-kit.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
});

function twoRuns(storage?: Map<string, string>): RenderedPanel {
  panel = renderPanel(storage ? { storage } : {});
  panel.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
  panel.feed(
    relayEvents(
      { streamId: 's2', t0: 1_764_700_010_000 },
      sampleRunEvents('run-2-0123456789abcdef-tail', 'thread-0123456789abcdef-end'),
    ),
  );
  return panel;
}
const key = (el: Element, k: string, init: KeyboardEventInit = {}): void => {
  act(() => {
    fireEvent.keyDown(el, { key: k, ...init });
  });
};

describe('findings keyboard', () => {
  it('arrows / j k / Home / End move the active finding in display order; Enter jumps; Esc returns', () => {
    const p = twoRuns();
    fireEvent.click(within(p.el).getByRole('tab', { name: /Findings/ }));
    const list = within(p.el).getByRole('listbox', { name: 'Findings' });
    const shown = p.store.findings.value.groups.flatMap((g) => g.items);
    expect(shown.length).toBeGreaterThan(2);
    const active = (): string | null => list.getAttribute('aria-activedescendant');
    list.focus();
    key(list, 'ArrowDown');
    expect(active()).toBe(`fd-${shown[0]}`);
    expect(within(list).getByRole('option', { selected: true }).id).toBe(`fd-${shown[0]}`);
    key(list, 'j');
    expect(active()).toBe(`fd-${shown[1]}`);
    key(list, 'k');
    expect(active()).toBe(`fd-${shown[0]}`);
    key(list, 'End');
    expect(active()).toBe(`fd-${shown[shown.length - 1]}`);
    key(list, 'ArrowDown'); // stops at the end rather than wrapping
    expect(active()).toBe(`fd-${shown[shown.length - 1]}`);
    key(list, 'Home');
    expect(active()).toBe(`fd-${shown[0]}`);
    // Moving does not open anything; Enter does what a click does.
    expect(p.store.selection.detail.value).toBeUndefined();
    key(list, 'Enter');
    const f = p.store.capture.model.value.findings[shown[0] ?? -1];
    expect(p.store.selection.finding.value).toBe(shown[0]);
    expect(p.store.selection.detail.value).toBe(f?.toolCallId ? 'call' : 'event');
    expect(p.el.querySelector('#agui-detail')).not.toBeNull();
    key(p.el.querySelector('.agui-root') as HTMLElement, 'Escape');
    expect(p.store.selection.detail.value).toBeUndefined();
    expect(document.activeElement).toBe(list);
  });
});

describe('timeline keyboard', () => {
  it('Home / End select the first and last call lanes; run rows name thread and run', () => {
    // A label column wide enough for number, time and both ids (in the per-character
    // estimates used without a canvas).
    const p = twoRuns(new Map([[SETTINGS_KEY, JSON.stringify({ timelineLabelWidth: 260 })]]));
    const lanes = within(p.el).getByRole('listbox', { name: 'Timeline lanes' });
    key(lanes, 'End');
    expect(p.store.selection.call.value).toEqual({ runKey: 's2#0', toolCallId: 'call-1' });
    key(lanes, 'Home');
    expect(p.store.selection.call.value).toEqual({ runKey: 's1#0', toolCallId: 'call-1' });
    const run = within(lanes).getByRole('option', {
      name: /^Run run-2-0123456789abcdef-tail, thread thread-0123456789abcdef-end, #2 at \d\d:\d\d:\d\d$/,
    });
    const label = run.querySelector('.tl-label') as HTMLElement;
    // Whole ids in the tooltip; the label shows the run's number, its start and the parts of
    // the ids that tell it apart (the other run is 'run-1').
    expect(label.title).toContain("run 'run-2-0123456789abcdef-tail'\nthread 'thread-0123456789abcdef-end'");
    expect(label.querySelector('.run-num')?.textContent).toBe('#2');
    expect(label.textContent).toContain('…cdef-end');
    expect(label.textContent).toContain('…def-tail');
    const call = within(lanes)
      .getAllByRole('option', { name: /Tool call search_web call-1/ })[0]
      ?.querySelector('.tl-label') as HTMLElement;
    expect(call.title).toMatch(/^search_docs → search_web\nid call-1\n/);
  });
});

describe('label splitter', () => {
  it('is a separator moved by arrows, Home and End, and the width is remembered', () => {
    const storage = new Map<string, string>();
    const p = twoRuns(storage);
    const sep = within(p.el).getByRole('separator', { name: 'Resize lane labels' });
    expect(sep.getAttribute('aria-valuenow')).toBe('220');
    key(sep, 'ArrowRight');
    expect(sep.getAttribute('aria-valuenow')).toBe('230');
    key(sep, 'ArrowLeft', { shiftKey: true });
    expect(sep.getAttribute('aria-valuenow')).toBe('180');
    key(sep, 'End');
    expect(sep.getAttribute('aria-valuenow')).toBe('640');
    const timeline = p.el.querySelector('.timeline') as HTMLElement;
    expect(timeline.style.getPropertyValue('--tl-label-w')).toBe('640px');
    expect(JSON.parse(storage.get(SETTINGS_KEY) ?? '{}')).toMatchObject({ timelineLabelWidth: 640 });
    p.unmount();
    panel = renderPanel({ storage });
    panel.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
    expect(within(panel.el).getByRole('separator').getAttribute('aria-valuenow')).toBe('640');
  });
});

describe('call detail scrubber keys', () => {
  it('j / k step the deltas; n and / still work from the slider', () => {
    const p = twoRuns();
    fireEvent.click(within(p.el).getAllByRole('option', { name: /Tool call search_web/ })[0] as HTMLElement);
    const detail = within(p.el.querySelector('#agui-detail') as HTMLElement);
    const range = detail.getByRole('slider', { name: 'Delta' }) as HTMLInputElement;
    expect(range.value).toBe('3');
    key(range, 'k');
    expect(range.value).toBe('2');
    expect(detail.getByRole('tree', { name: 'Partial arguments as of delta 3' })).toBeTruthy();
    key(range, 'j');
    expect(range.value).toBe('3');
    key(range, 'n');
    expect(p.store.selection.finding.value).toBe(p.store.findings.value.order[0]);
    range.focus();
    key(range, '/');
    expect(document.activeElement).toBe(within(p.el).getByRole('searchbox', { name: 'Filter' }));
  });
});
