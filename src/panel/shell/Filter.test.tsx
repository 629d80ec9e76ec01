// @vitest-environment happy-dom
// The filter reads argument, result and message text, and the tab counts follow it.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents } from '../test-kit.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
});

function weather(): RenderedPanel {
  panel = renderPanel();
  panel.feed(
    relayEvents({ streamId: 's1' }, [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'get_weather' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"city":"Os' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: 'lo"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'TOOL_CALL_START', toolCallId: 'c2', toolCallName: 'get_weather' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c2', delta: '{"city":"Bergen"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c2' },
      { type: 'TOOL_CALL_RESULT', messageId: 'm1', toolCallId: 'c2', role: 'tool', content: '{"sky":"drizzle"}' },
      { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Pack an umbrella' },
      { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r1' },
    ]),
  );
  return panel;
}
const setFilter = (p: RenderedPanel, text: string): void => {
  fireEvent.input(within(p.el).getByRole('searchbox', { name: 'Filter' }), { target: { value: text } });
};
const lanes = (p: RenderedPanel) => within(within(p.el).getByRole('listbox', { name: 'Timeline lanes' }));
const tabText = (p: RenderedPanel, name: string | RegExp) => within(p.el).getByRole('tab', { name }).textContent;

describe('filter text', () => {
  it('"Oslo" finds the call whose arguments hold it (split across deltas), not the other', () => {
    const p = weather();
    setFilter(p, 'oslo');
    expect(lanes(p).getByRole('option', { name: /Tool call get_weather c1/ })).toBeTruthy();
    expect(lanes(p).queryByRole('option', { name: /Tool call get_weather c2/ })).toBeNull();
  });

  it('finds a call by its result and a run by its message text', () => {
    const p = weather();
    setFilter(p, 'drizzle');
    expect(lanes(p).getByRole('option', { name: /c2/ })).toBeTruthy();
    expect(lanes(p).queryByRole('option', { name: /c1/ })).toBeNull();
    setFilter(p, 'umbrella');
    expect(lanes(p).getByRole('option', { name: 'Messages' })).toBeTruthy();
    expect(lanes(p).queryByRole('option', { name: /Tool call/ })).toBeNull();
  });

  it('tab counts follow the filter', () => {
    const p = weather();
    expect(tabText(p, 'Timeline')).toBe('Timeline (2 calls)');
    expect(tabText(p, 'Events')).toBe('Events (13)');
    const findingsBefore = tabText(p, /Findings/);
    setFilter(p, 'oslo');
    expect(tabText(p, 'Timeline')).toBe('Timeline (1 of 2 calls)');
    // The two argument deltas carry "Os" + "lo": only the summaries holding "oslo" count.
    const events = /Events \((\d+) of 13\)/.exec(tabText(p, 'Events') ?? '');
    expect(Number(events?.[1])).toBeLessThan(13);
    expect(tabText(p, /Findings/)).toMatch(/Findings \(\d+\)/);
    setFilter(p, 'no-such-text-anywhere');
    expect(tabText(p, 'Timeline')).toBe('Timeline (0 of 2 calls)');
    expect(tabText(p, /Findings/)).toBe('Findings (0)');
    setFilter(p, '');
    expect(tabText(p, /Findings/)).toBe(findingsBefore);
    // The count is the tab's description; its name stays the view's name.
    const tab = within(p.el).getByRole('tab', { name: 'Events' });
    expect(document.getElementById(tab.getAttribute('aria-describedby') ?? '')?.textContent).toBe(' (13)');
  });
});

describe('filter highlights', () => {
  it("marks the filter's match in a call lane's label", () => {
    const p = weather();
    setFilter(p, 'weath');
    const marks = [...p.el.querySelectorAll('.tl-name mark.filter-match')].map((m) => m.textContent);
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((m) => m === 'weath')).toBe(true);
    setFilter(p, '');
    expect(p.el.querySelector('mark.filter-match')).toBeNull();
  });
});
