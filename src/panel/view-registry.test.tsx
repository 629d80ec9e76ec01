// @vitest-environment happy-dom
// The view registry is the one place views are declared: the tabs, their accessible names
// (a contract) and the view each tab shows all follow from it.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from './render-panel.test-helper.js';
import { isViewName, VIEWS } from './view-registry.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
});

describe('the view registry', () => {
  it('gives the tabs their order and their accessible names', () => {
    panel = renderPanel();
    const names = within(panel.el)
      .getAllByRole('tab')
      .map((tab) => tab.getAttribute('aria-label') ?? tab.textContent);
    expect(names).toEqual(['Timeline', 'Events', 'Findings (0)', 'State', 'Surface', 'Messages', 'Notes (0)']);
    expect(VIEWS.map((v) => v.id)).toEqual(['timeline', 'events', 'findings', 'state', 'surface', 'messages', 'notes']);
  });

  it('shows, for each tab, the view the registry names (found by its data-view)', () => {
    panel = renderPanel();
    for (const spec of VIEWS) {
      act(() => {
        fireEvent.click(within(panel!.el).getByRole('tab', { name: new RegExp(`^${spec.label}`) }));
      });
      expect(panel.store.selection.view.value).toBe(spec.id);
      const area = panel.el.querySelector('#agui-view');
      expect(area?.getAttribute('aria-labelledby')).toBe(`tab-${spec.id}`);
      // The view marks its own root: a component map that showed another view fails here.
      expect([...(area?.querySelectorAll('[data-view]') ?? [])].map((el) => el.getAttribute('data-view'))).toEqual([
        spec.id,
      ]);
    }
  });

  it('knows its view names, and only those', () => {
    expect(isViewName('notes')).toBe(true);
    expect(isViewName('compare')).toBe(false);
    expect(isViewName('toString')).toBe(false);
  });
});
