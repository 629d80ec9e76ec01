// @vitest-environment happy-dom
// The detail pane is resizable (drag handle, keys) and closable (button, Escape).
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

function withDetail(storage?: Map<string, string>): RenderedPanel {
  panel = renderPanel(storage ? { storage } : {});
  panel.feed(relayEvents({ streamId: 's1' }, sampleRunEvents()));
  fireEvent.click(within(panel.el).getByRole('option', { name: /Tool call search_web/ }));
  return panel;
}
const key = (el: Element, k: string, init: KeyboardEventInit = {}): void => {
  act(() => {
    fireEvent.keyDown(el, { key: k, ...init });
  });
};

describe('detail pane', () => {
  it('closes with its button and gives focus back to the lanes', () => {
    const p = withDetail();
    const pane = within(p.el).getByRole('complementary', { name: 'Details' });
    expect(within(pane).getByText('search_docs → search_web')).toBeTruthy();
    fireEvent.click(within(pane).getByRole('button', { name: 'Close details' }));
    expect(within(p.el).queryByRole('complementary', { name: 'Details' })).toBeNull();
    expect(within(p.el).queryByRole('separator', { name: 'Resize details' })).toBeNull();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Timeline lanes');
  });

  it('resizes from the keyboard within its limits, and remembers the size', () => {
    const storage = new Map<string, string>();
    const p = withDetail(storage);
    const sep = within(p.el).getByRole('separator', { name: 'Resize details' });
    const pane = within(p.el).getByRole('complementary', { name: 'Details' });
    expect(sep.getAttribute('aria-valuenow')).toBe('44');
    expect(sep.getAttribute('aria-orientation')).toBe('vertical');
    key(sep, 'ArrowLeft'); // toward the view: the pane grows
    expect(sep.getAttribute('aria-valuenow')).toBe('46');
    key(sep, 'ArrowRight', { shiftKey: true });
    expect(sep.getAttribute('aria-valuenow')).toBe('36');
    expect(pane.style.getPropertyValue('--detail-size')).toBe('36%');
    key(sep, 'Home');
    expect(sep.getAttribute('aria-valuenow')).toBe(sep.getAttribute('aria-valuemin'));
    key(sep, 'End');
    key(sep, 'ArrowLeft');
    expect(sep.getAttribute('aria-valuenow')).toBe(sep.getAttribute('aria-valuemax'));
    expect(JSON.parse(storage.get(SETTINGS_KEY) ?? '{}')).toMatchObject({ detailSizePct: 80 });
    // The split survives closing and reopening.
    fireEvent.click(within(pane).getByRole('button', { name: 'Close details' }));
    fireEvent.click(within(p.el).getByRole('option', { name: /Tool call search_web/ }));
    expect(within(p.el).getByRole('separator', { name: 'Resize details' }).getAttribute('aria-valuenow')).toBe('80');
  });

  it('Escape from the pane closes it too', () => {
    const p = withDetail();
    const pane = within(p.el).getByRole('complementary', { name: 'Details' });
    key(pane, 'Escape');
    expect(within(p.el).queryByRole('complementary', { name: 'Details' })).toBeNull();
  });
});

describe('call kind', () => {
  it('labels a call to a middleware tool by its middleware, not as not advertised', () => {
    panel = renderPanel();
    panel.feed(
      relayEvents({ streamId: 's1' }, [
        { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
        { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'render_a2ui' },
        { type: 'TOOL_CALL_END', toolCallId: 'c1' },
        { type: 'TOOL_CALL_START', toolCallId: 'c2', toolCallName: 'mystery_tool' },
        { type: 'TOOL_CALL_END', toolCallId: 'c2' },
        { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
      ]),
    );
    const kindOf = (name: RegExp): string => {
      fireEvent.click(within(panel?.el as HTMLElement).getByRole('option', { name }));
      const pane = within(panel?.el as HTMLElement).getByRole('complementary', { name: 'Details' });
      const dt = [...pane.querySelectorAll('dt')].find((d) => d.textContent === 'kind');
      return dt?.nextElementSibling?.textContent ?? '';
    };
    expect(kindOf(/Tool call render_a2ui/)).toMatch(/^backend · injected by @ag-ui\/a2ui-middleware \(renders/);
    expect(kindOf(/Tool call mystery_tool/)).toBe('backend · not advertised');
  });
});

describe('detail pane across tabs', () => {
  it("a call's pane does not cover the State or Events views, and is back on the timeline", () => {
    const p = withDetail();
    const pane = () => within(p.el).queryByRole('complementary', { name: 'Details' });
    expect(pane()).not.toBeNull();
    fireEvent.click(within(p.el).getByRole('tab', { name: 'State' }));
    expect(pane()).toBeNull();
    fireEvent.click(within(p.el).getByRole('tab', { name: 'Events' }));
    expect(pane()).toBeNull();
    fireEvent.click(within(p.el).getByRole('tab', { name: 'Timeline' }));
    expect(within(pane()!).getByText('search_docs → search_web')).toBeTruthy();
  });
});
