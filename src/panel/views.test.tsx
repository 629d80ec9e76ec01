// @vitest-environment happy-dom
// The view registry is the one place views are declared: the tabs, their accessible names
// (a contract) and the view each tab shows all follow from it.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from './render-panel.test-helper.js';
import { VIEWS } from './views.js';

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
    expect(names).toEqual(['Timeline', 'Events', 'Findings (0)', 'State', 'Messages', 'Notes (0)']);
    expect(VIEWS.map((v) => v.id)).toEqual(['timeline', 'events', 'findings', 'state', 'messages', 'notes']);
  });

  it('shows, for each tab, the view the registry names', () => {
    panel = renderPanel();
    const seen = new Set<string>();
    for (const spec of VIEWS) {
      act(() => {
        fireEvent.click(within(panel!.el).getByRole('tab', { name: new RegExp(`^${spec.label}`) }));
      });
      expect(panel.store.selection.view.value).toBe(spec.id);
      expect(panel.el.querySelector('#agui-view')?.getAttribute('aria-labelledby')).toBe(`tab-${spec.id}`);
      const shown = panel.el.querySelector('#agui-view')!;
      seen.add(`${shown.firstElementChild?.className ?? ''}|${shown.textContent ?? ''}`);
    }
    // Six tabs, six different views.
    expect(seen.size).toBe(VIEWS.length);
  });
});
