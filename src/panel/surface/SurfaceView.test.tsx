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

const create = { version: 'v0.9', createSurface: { surfaceId: 'weather', catalogId: 'https://x/cat.json' } };
const components = (list: unknown[]) => ({
  version: 'v0.9',
  updateComponents: { surfaceId: 'weather', components: list },
});
const v1 = [
  { id: 'root', component: 'Column', children: ['title', 'temp', 'gone'] },
  { id: 'title', component: 'Text', text: '<b>Weather</b>' },
  { id: 'temp', component: 'Text', text: { path: '/weather/temp' } },
];
const events = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  {
    type: 'ACTIVITY_SNAPSHOT',
    messageId: 'a2ui-surface-1',
    activityType: 'a2ui-surface',
    content: { a2ui_operations: [create, components(v1)] },
  },
  {
    type: 'ACTIVITY_DELTA',
    messageId: 'a2ui-surface-1',
    activityType: 'a2ui-surface',
    patch: [
      {
        op: 'add',
        path: '/a2ui_operations/-',
        value: { version: 'v0.9', updateDataModel: { surfaceId: 'weather', value: { weather: { temp: '21' } } } },
      },
    ],
  },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
];

function open(list: unknown[] = events) {
  const p = renderPanel();
  panel = p;
  p.feed(relayEvents({ streamId: 's1' }, list));
  fireEvent.click(within(p.el).getByRole('tab', { name: 'Surface' }));
  return within(p.el.querySelector('#agui-view') as HTMLElement);
}

describe('Surface view', () => {
  it('shows the latest surfaces: the tree from the root as text, a missing child, the data model', () => {
    const view = open();
    expect(view.getByRole('slider', { name: 'Surface step' }).getAttribute('max')).toBe('1');
    expect(view.getByText(/step 2 \/ 2 · ACTIVITY_DELTA · event #2/)).toBeTruthy();
    const card = within(view.getByRole('region', { name: 'Surface weather' }));
    const tree = card.getByRole('list', { name: 'Components of weather' });
    const lines = within(tree)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'root Column',
      'title Text "<b>Weather</b>"',
      'temp Text → /weather/temp',
      'gone — missing: no component has this id',
    ]);
    // Page text stays text.
    expect(tree.querySelector('b')).toBeNull();
    expect(card.getByRole('tree', { name: 'Data model of weather' }).textContent).toContain('"21"');
    // The core's verdict on the surface, beside it: only the missing child (the catalogue is not one it knows).
    const verdicts = card.getByLabelText('Findings for surface weather').textContent ?? '';
    expect(verdicts).toContain('a2ui/missing-child');
    expect(verdicts).not.toContain('a2ui/unknown-component');
  });

  it('steps back to the surface before its data model arrived', () => {
    const view = open();
    fireEvent.click(view.getByRole('button', { name: 'Previous step' }));
    expect(view.getByText(/step 1 \/ 2 · ACTIVITY_SNAPSHOT · event #1/)).toBeTruthy();
    const model = view.getByRole('tree', { name: 'Data model of weather' }).textContent ?? '';
    expect(model).not.toContain('21');
    const steps = within(view.getByRole('listbox', { name: 'Surface steps' })).getAllByRole('option');
    expect(steps.map((s) => s.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    expect(steps[0]?.textContent).toContain(
      "activity 'a2ui-surface-1': createSurface weather, updateComponents weather",
    );
  });

  it('says so for a run without surfaces', () => {
    const view = open([events[0], events[3]]);
    expect(view.getByText(/No A2UI surfaces in this run/)).toBeTruthy();
  });
});
