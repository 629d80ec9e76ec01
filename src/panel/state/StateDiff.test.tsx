// @vitest-environment happy-dom
// The State view's diff between any two steps.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents } from '../test-kit.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
});

function open() {
  panel = renderPanel();
  panel.feed(
    relayEvents({ streamId: 's1' }, [
      { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
      { type: 'STATE_SNAPSHOT', snapshot: { todos: [], city: 'Oslo' } },
      { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/todos/-', value: 'pack' }] },
      { type: 'STATE_DELTA', delta: [{ op: 'remove', path: '/missing' }] },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/city', value: 'Bergen' }] },
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
    ]),
  );
  fireEvent.click(within(panel.el).getByRole('tab', { name: 'State' }));
  return within(panel.el.querySelector('#agui-view') as HTMLElement);
}

const lines = (list: HTMLElement): string[] =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

describe('State diff', () => {
  it('pins a base step and lists what changed up to the step on the scrubber', () => {
    const view = open();
    const slider = view.getByRole('slider', { name: 'State step' });
    fireEvent.input(slider, { target: { value: '0' } }); // the snapshot
    fireEvent.click(view.getByRole('button', { name: 'Diff from step 1' }));
    expect((view.getByRole('spinbutton', { name: 'Diff base step' }) as HTMLInputElement).value).toBe('1');
    fireEvent.input(slider, { target: { value: '3' } }); // the last step
    const list = view.getByRole('list', { name: 'Changes from step 1 to step 4' });
    expect(lines(list)).toEqual(['~ /city "Oslo" → "Bergen"', '+ /todos/0 "pack"']);
  });

  it('takes a typed base, says when nothing changed (a failed patch), and clears', () => {
    const view = open();
    const slider = view.getByRole('slider', { name: 'State step' });
    fireEvent.input(slider, { target: { value: '2' } }); // the failing patch keeps step 2's state
    fireEvent.input(view.getByRole('spinbutton', { name: 'Diff base step' }), { target: { value: '2' } });
    expect(view.getByRole('heading', { name: 'Changes from step 2 to step 3' })).toBeTruthy();
    expect(view.getByText('No difference.')).toBeTruthy();
    // Backwards works too: from the last step back to the snapshot.
    fireEvent.input(view.getByRole('spinbutton', { name: 'Diff base step' }), { target: { value: '4' } });
    fireEvent.input(slider, { target: { value: '0' } });
    expect(lines(view.getByRole('list', { name: 'Changes from step 4 to step 1' }))).toEqual([
      '~ /city "Bergen" → "Oslo"',
      '− /todos/0 "pack"',
    ]);
    fireEvent.click(view.getByRole('button', { name: 'Clear diff' }));
    expect(view.queryByRole('list', { name: /Changes from/ })).toBeNull();
  });
});
