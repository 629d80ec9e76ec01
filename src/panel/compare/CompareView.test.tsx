// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, within } from '@testing-library/preact';
import { act } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents } from '../test-kit.js';
import { importFile } from '../io/import-actions.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
  localStorage.clear();
});

const weather = (runId: string, unit: string, extra: readonly unknown[] = []) => [
  { type: 'RUN_STARTED', threadId: 't1', runId },
  { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: `Weather in Lisbon, ${unit}.` },
  { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  { type: 'TOOL_CALL_START', toolCallId: `call-${runId}`, toolCallName: 'get_weather' },
  { type: 'TOOL_CALL_ARGS', toolCallId: `call-${runId}`, delta: `{"city":"Lisbon","unit":"${unit}"}` },
  { type: 'TOOL_CALL_END', toolCallId: `call-${runId}` },
  ...extra,
  { type: 'RUN_FINISHED', threadId: 't1', runId },
];

const region = (p: RenderedPanel) => within(within(p.el).getByRole('region', { name: 'Compare runs' }));

describe('Compare runs', () => {
  it('compares the two runs in view at once: the one differing argument, text, findings only in one', () => {
    const p = (panel = renderPanel());
    p.feed(relayEvents({ streamId: 's1' }, weather('r-c', 'celsius')));
    p.feed(
      relayEvents(
        { streamId: 's2', t0: 1_764_700_001_000 },
        weather('r-f', 'fahrenheit', [{ type: 'TOOL_CALL_ARGS', toolCallId: 'ghost', delta: '{}' }]),
      ),
    );
    fireEvent.click(within(p.el).getByRole('button', { name: 'Compare runs' }));
    const r = region(p);
    expect((r.getByRole('combobox', { name: 'Run A' }) as HTMLSelectElement).value).toBe('run:s1#0');
    expect((r.getByRole('combobox', { name: 'Run B' }) as HTMLSelectElement).value).toBe('run:s2#0');
    const call = r.getByRole('listitem', { name: 'get_weather: arguments differ' });
    const args = within(call).getByRole('table', { name: 'Arguments of get_weather' });
    expect(
      within(args)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Arguments', 'A', 'B']);
    expect(within(args).getByRole('row', { name: /\/unit/ }).textContent).toBe('/unit"celsius""fahrenheit"');
    // Headed sections, each named by its heading.
    for (const name of ['Runs', /^Tool calls/, 'Assistant text', 'Findings only in one run'])
      expect(r.getByRole('region', { name })).toBeTruthy();
    // Side by side: each column reads as its run's text, spaces kept, words never run together.
    const text = r.getByRole('group', { name: 'Assistant text differences' });
    expect(within(text).getByRole('group', { name: 'Assistant text differences, A' }).textContent).toBe(
      'Weather in Lisbon, celsius.',
    );
    expect(within(text).getByRole('group', { name: 'Assistant text differences, B' }).textContent).toBe(
      'Weather in Lisbon, fahrenheit.',
    );
    expect(text.querySelector('del')?.textContent).toBe('celsius');
    expect(text.querySelector('ins')?.textContent).toBe('fahrenheit');
    expect(r.getByText('Only in A', { selector: 'h4' }).nextElementSibling?.textContent).toBe('none');
    expect(r.getByRole('list', { name: 'Only in B' }).textContent).toMatch(/\S/);
    const facts = r.getByRole('table', { name: 'Runs compared' });
    expect(within(facts).getByRole('row', { name: /tool calls/ }).textContent).toBe('tool calls11');
    // A tab gives its view back; so does Close comparison.
    fireEvent.click(within(p.el).getByRole('tab', { name: 'Events' }));
    expect(within(p.el).queryByRole('region', { name: 'Compare runs' })).toBeNull();
    fireEvent.click(within(p.el).getByRole('tab', { name: 'Timeline' }));
    fireEvent.click(within(p.el).getByRole('button', { name: 'Compare runs' }));
    fireEvent.click(region(p).getByRole('button', { name: 'Close comparison' }));
    expect(within(p.el).queryByRole('region', { name: 'Compare runs' })).toBeNull();
    expect(within(p.el).getByRole('listbox', { name: 'Timeline lanes' })).toBeTruthy();
  });

  it('compares a kept live run with an imported one', () => {
    const p = (panel = renderPanel());
    p.feed(relayEvents({ streamId: 's1' }, weather('r-live', 'celsius')));
    fireEvent.click(within(p.el).getByRole('option', { name: /Run r-live/ }));
    fireEvent.click(within(p.el).getByRole('button', { name: 'Keep for comparison' }));
    const jsonl = weather('r-file', 'kelvin')
      .map((e) => JSON.stringify(e))
      .join('\n');
    act(() => void importFile(p.store, 'customer.jsonl', new TextEncoder().encode(jsonl)));
    fireEvent.click(within(p.el).getByRole('button', { name: 'Compare runs' }));
    const r = region(p);
    const facts = within(r.getByRole('table', { name: 'Runs compared' }));
    // The kept live run is no longer part of the session on screen: no "#n".
    expect(facts.getByRole('row', { name: /^run/ }).textContent).toMatch(
      /^run\d\d:\d\d:\d\d · thread t1 · run r-live \(live\)/,
    );
    expect(facts.getByRole('row', { name: /^run/ }).textContent).toMatch(
      /\d\d:\d\d:\d\d · thread t1 · run r-file \(customer\.jsonl\)$/,
    );
    expect(
      within(r.getByRole('table', { name: 'Arguments of get_weather' })).getByRole('row', { name: /\/unit/ })
        .textContent,
    ).toBe('/unit"celsius""kelvin"');
  });

  it('asks for two runs when the session has one and none is kept', () => {
    const p = (panel = renderPanel());
    p.feed(relayEvents({ streamId: 's1' }, weather('r-1', 'celsius')));
    fireEvent.click(within(p.el).getByRole('button', { name: 'Compare runs' }));
    expect(region(p).getByText(/Pick two runs/)).toBeTruthy();
    fireEvent.change(region(p).getByRole('combobox', { name: 'Run B' }), { target: { value: 'run:s1#0' } });
    expect(region(p).getByRole('listitem', { name: 'get_weather: same' })).toBeTruthy();
  });
});
