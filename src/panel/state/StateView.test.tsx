// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents } from '../test-kit.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
  localStorage.clear();
});

const events = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  { type: 'STATE_SNAPSHOT', snapshot: { todos: [], city: 'Oslo' } },
  { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/todos/-', value: 'pack' }] },
  // Removing a key that is not there: RFC 6902 says the patch fails.
  { type: 'STATE_DELTA', delta: [{ op: 'remove', path: '/missing' }] },
  { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/city', value: 'Bergen' }] },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
];

function open(): { p: RenderedPanel; view: ReturnType<typeof within> } {
  const p = renderPanel();
  panel = p;
  p.feed(
    relayEvents(
      {
        streamId: 's1',
        requestBody: { threadId: 't1', runId: 'r1', messages: [], tools: [], state: { city: 'Paris' } },
      },
      events,
    ),
  );
  fireEvent.click(within(p.el).getByRole('tab', { name: 'State' }));
  return { p, view: within(p.el.querySelector('#agui-view') as HTMLElement) };
}

describe('State view', () => {
  it('shows the latest state first, with the patch and its paths', () => {
    const { view } = open();
    const slider = view.getByRole('slider', { name: 'State step' });
    // input state + snapshot + 3 deltas
    expect(slider.getAttribute('max')).toBe('4');
    expect(view.getByText(/step 5 \/ 5 · STATE_DELTA · event #4/)).toBeTruthy();
    expect(within(view.getByRole('list', { name: 'Patch operations' })).getByText('/city')).toBeTruthy();
    const tree = view.getByRole('tree', { name: 'State after step 5' });
    expect(tree.textContent).toContain('"Bergen"');
    expect(tree.textContent).toContain('"pack"');
  });

  it('scrubs through the steps and marks the patch that fails, keeping the previous state', () => {
    const { view } = open();
    const slider = view.getByRole('slider', { name: 'State step' });
    fireEvent.input(slider, { target: { value: '0' } });
    expect(view.getByText(/The state the request sent/)).toBeTruthy();
    expect(view.getByRole('tree', { name: 'State after step 1' }).textContent).toContain('"Paris"');
    fireEvent.keyDown(slider, { key: 'j' });
    expect(view.getByText(/STATE_SNAPSHOT: replaces the whole state/)).toBeTruthy();
    expect(view.getByRole('tree', { name: 'State after step 2' }).textContent).toContain('"Oslo"');
    fireEvent.click(view.getByRole('button', { name: 'Next step' }));
    fireEvent.click(view.getByRole('button', { name: 'Next step' }));
    expect(view.getByRole('alert').textContent).toMatch(/^Patch failed: .+\. The client keeps the state it had\.$/);
    expect(view.getByText(/step 4 \/ 5 · STATE_DELTA · event #3 .*· patch failed/)).toBeTruthy();
    // The core's finding for this patch, with its rule, next to it; the patches that apply have none.
    const patchFindings = view.getByLabelText('Findings for this patch');
    expect(patchFindings.textContent).toContain('state/patch-failed');
    expect(patchFindings.textContent).toContain('event #3');
    const steps = within(view.getByRole('listbox', { name: 'State steps' })).getAllByRole('option');
    expect(steps.map((o) => o.textContent?.endsWith('patch failed'))).toEqual([false, false, false, true, false]);
    expect(steps[3]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(steps[2] as HTMLElement);
    expect(view.queryByLabelText('Findings for this patch')).toBeNull();
    fireEvent.click(steps[1] as HTMLElement);
    expect(view.getByRole('tree', { name: 'State after step 2' })).toBeTruthy();
    fireEvent.click(steps[3] as HTMLElement);
    const tree = view.getByRole('tree', { name: 'State after step 4' }).textContent ?? '';
    expect(tree).toContain('"pack"');
    expect(tree).toContain('"Oslo"');
  });

  it('says so for a run without state', () => {
    const p = renderPanel();
    panel = p;
    p.feed(relayEvents({ streamId: 's1' }, [events[0], events[5]]));
    fireEvent.click(within(p.el).getByRole('tab', { name: 'State' }));
    expect(within(p.el).getByText(/No state in this run/)).toBeTruthy();
  });
});
