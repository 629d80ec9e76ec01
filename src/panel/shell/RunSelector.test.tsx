// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents } from '../test-kit.js';
import { EAGER_RUN_OPTIONS } from './RunSelector.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
});

describe('run selector in a large session', () => {
  it('builds its run options only while in use, and keeps the selected one', () => {
    panel = renderPanel();
    const n = EAGER_RUN_OPTIONS + 5;
    const events = [];
    for (let i = 0; i < n; i++)
      events.push(
        { type: 'RUN_STARTED', threadId: 't', runId: `r${i}` },
        { type: 'RUN_FINISHED', threadId: 't', runId: `r${i}` },
      );
    panel.feed(relayEvents({ streamId: 's1' }, events));
    const select = within(panel.el).getByRole('combobox', { name: 'Run' }) as HTMLSelectElement;
    expect(select.options).toHaveLength(1);
    expect(select.options[0]?.textContent).toBe(`All runs (${n})`);
    fireEvent.focus(select);
    expect(select.options).toHaveLength(n + 1);
    fireEvent.change(select, { target: { value: 's1#7' } });
    expect(panel.store.selection.runFilter.value).toBe('s1#7');
    fireEvent.blur(select);
    expect([...select.options].map((o) => o.value)).toEqual(['', 's1#7']);
    expect(select.value).toBe('s1#7');
  });
});
