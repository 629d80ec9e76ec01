// @vitest-environment happy-dom
// The Events tab: columns (#, time, type, run, call / message, summary), the distinguishing
// part of call ids, and a visible boundary where each stream and run begins.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents } from '../test-kit.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
  vi.restoreAllMocks();
});

const BASE = '71ef752b-0470-45a6-b652-9a8b7c6d5e';
const parallel = (runId: string): unknown[] => [
  { type: 'RUN_STARTED', threadId: 'thread-1', runId },
  { type: 'TOOL_CALL_START', toolCallId: `${BASE}01`, toolCallName: 'get_weather' },
  { type: 'TOOL_CALL_START', toolCallId: `${BASE}02`, toolCallName: 'get_weather' },
  { type: 'TOOL_CALL_ARGS', toolCallId: `${BASE}01`, delta: '{"city":"Oslo"}' },
  { type: 'TOOL_CALL_ARGS', toolCallId: `${BASE}02`, delta: '{"city":"Bergen"}' },
  { type: 'TOOL_CALL_END', toolCallId: `${BASE}01` },
  { type: 'TOOL_CALL_END', toolCallId: `${BASE}02` },
  { type: 'RUN_FINISHED', threadId: 'thread-1', runId },
];

function eventsTab(): { p: RenderedPanel; rows: HTMLElement[] } {
  panel = renderPanel();
  panel.feed(relayEvents({ streamId: 's1' }, parallel('run-a')));
  panel.feed(relayEvents({ streamId: 's2', t0: 1_764_700_030_000 }, parallel('run-b')));
  act(() => {
    fireEvent.click(within(panel!.el).getByRole('tab', { name: /Events/ }));
  });
  const list = within(panel.el).getByRole('listbox', { name: 'Events' });
  return { p: panel, rows: within(list).getAllByRole('option') };
}

describe('Events columns', () => {
  it('names the columns and tells the two ARGS of parallel calls apart', () => {
    const { p, rows } = eventsTab();
    const head = p.el.querySelector('.ev-head')?.textContent ?? '';
    expect(head).toBe('#timetyperuncall / messagesummary');
    const args = rows.filter((r) => r.querySelector('.ev-type')?.textContent === 'TOOL_CALL_ARGS').slice(0, 2);
    const ids = args.map((r) => r.querySelector('.ev-id')?.textContent);
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[0]).toMatch(/^call …\w+01$/);
    expect(args[0]?.querySelector('.ev-id')?.getAttribute('title')).toBe(`toolCallId ${BASE}01`);
    expect(args.map((r) => r.querySelector('.ev-run')?.textContent)).toEqual(['#1', '#1']);
  });

  it('marks where each stream begins, so numbering from #0 again is explained', () => {
    const { rows } = eventsTab();
    const begins = rows.filter((r) => r.classList.contains('ev-begins'));
    expect(begins).toHaveLength(2);
    expect(begins.map((r) => r.querySelector('.ev-idx')?.textContent)).toEqual(['#0', '#0']);
    expect(begins[1]?.textContent).toContain('stream begins');
    // A narrow panel cuts the badge with an ellipsis: its whole text stays in the tooltip.
    expect(begins[1]?.querySelector('.ev-begin-badge')?.getAttribute('title')).toMatch(/^stream begins: .*https?:\/\//);
    expect(begins[1]?.querySelector('.ev-run')?.textContent).toBe('#2');
  });

  it('the type and id columns resize from the keyboard', () => {
    const { p } = eventsTab();
    const sep = within(p.el).getByRole('separator', { name: 'Resize id column' });
    const before = Number(sep.getAttribute('aria-valuenow'));
    act(() => {
      fireEvent.keyDown(sep, { key: 'ArrowRight' });
    });
    expect(Number(sep.getAttribute('aria-valuenow'))).toBe(before + 10);
    const table = p.el.querySelector('.ev-table') as HTMLElement;
    expect(table.style.getPropertyValue('--ev-id-w')).toBe(`${before + 10}px`);
  });

  it('leave the summary room in a narrow panel until the user sizes them', () => {
    const wide = eventsTab().p;
    const px = (el: HTMLElement, v: string) =>
      parseFloat((el.querySelector('.ev-table') as HTMLElement).style.getPropertyValue(v));
    const wideType = px(wide.el, '--ev-type-w');
    const wideId = px(wide.el, '--ev-id-w');
    wide.unmount();
    panel = undefined;
    // A panel of 500 px: the media query the panel's layout follows matches.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (q: string) =>
        ({
          matches: /max-width: 600px/.test(q),
          media: q,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    const { p } = eventsTab();
    expect(px(p.el, '--ev-type-w')).toBeLessThan(wideType);
    expect(px(p.el, '--ev-id-w')).toBeLessThan(wideId);
    // Type + id leave the summary at least a quarter of 500 px beside #, time and run.
    expect(px(p.el, '--ev-type-w') + px(p.el, '--ev-id-w')).toBeLessThanOrEqual(500 - 40 - 66 - 40 - 500 / 4);
  });
});

describe('Events rows keep their meaning', () => {
  it('a row with a finding or a client notice keeps its summary and adds a marker with the text', () => {
    panel = renderPanel();
    panel.feed(
      relayEvents({ streamId: 's1' }, [
        { type: 'RUN_STARTED', threadId: 'thread-1', runId: 'run-a' },
        { type: 'STATE_SNAPSHOT', snapshot: { items: [] } },
        { type: 'STATE_DELTA', delta: [{ op: 'remove', path: '/missing/0' }] },
        { type: 'RUN_FINISHED', threadId: 'thread-1', runId: 'run-a', surprise: 1 },
      ]),
    );
    act(() => {
      fireEvent.click(within(panel!.el).getByRole('tab', { name: /Events/ }));
    });
    const rows = within(within(panel.el).getByRole('listbox', { name: 'Events' })).getAllByRole('option');
    const byType = (t: string) => rows.find((r) => r.querySelector('.ev-type')?.textContent === t)!;
    for (const r of rows) expect(r.querySelector('.cell.grow')?.textContent?.trim()).not.toBe('');
    const delta = byType('STATE_DELTA');
    expect(delta.querySelector('.cell.grow')?.textContent).toBe('1 op: remove /missing/0');
    const deltaMarker = delta.querySelector('.ev-marker');
    expect(deltaMarker?.getAttribute('title')).toMatch(/^(warning|error) /);
    const finished = byType('RUN_FINISHED');
    expect(finished.querySelector('.cell.grow')?.textContent).toBe('success');
    expect(finished.querySelector('.ev-marker')?.getAttribute('title')).toContain('surprise');
    expect(byType('RUN_STARTED').querySelector('.ev-marker')).toBeNull();
  });
});
