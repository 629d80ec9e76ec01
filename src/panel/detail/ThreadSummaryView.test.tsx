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

// Each SSE frame is "data: " + the JSON + a blank line.
const frame = (e: object): number => `data: ${JSON.stringify(e)}\n\n`.length;
const streamed = (events: readonly object[]): number => events.reduce((n: number, e) => n + frame(e), 0);

const user = (n: number) => ({ id: `u${n}`, role: 'user', content: `Question number ${n}` });
const reply = (n: number) => ({ id: `a${n}`, role: 'assistant', content: `Answer number ${n}` });
/** Turn n resends every message of the turns before it: the history grows. */
function body(n: number) {
  const messages = Array.from({ length: n }, (_, i) => [user(i + 1), ...(i + 1 < n ? [reply(i + 1)] : [])]).flat();
  return { threadId: 'chat', runId: `turn-${n}`, messages, tools: [], state: {}, context: [], forwardedProps: {} };
}
const big = { items: Array.from({ length: 30 }, (_, i) => `item ${i}`) };
function turn(n: number, snapshots: readonly object[] = []): object[] {
  return [
    { type: 'RUN_STARTED', threadId: 'chat', runId: `turn-${n}` },
    ...snapshots.map((snapshot) => ({ type: 'STATE_SNAPSHOT', snapshot })),
    { type: 'RUN_FINISHED', threadId: 'chat', runId: `turn-${n}` },
  ];
}

function feedTurn(p: RenderedPanel, n: number, events: readonly object[]): void {
  p.feed(relayEvents({ streamId: `s${n}`, t0: 1_764_700_000_000 + n * 60_000, requestBody: body(n) }, events));
}

const detail = (p: RenderedPanel) => within(p.el.querySelector('#agui-detail') as HTMLElement);
const openRun = (p: RenderedPanel, runId: string) =>
  fireEvent.click(within(p.el).getByRole('option', { name: new RegExp(`Run ${runId},`) }));

describe('thread summary in the run detail', () => {
  it('lists the thread runs with each request, its growth and what it streamed', () => {
    const p = renderPanel();
    panel = p;
    const turns = [turn(1), turn(2, [{ a: 1 }, big]), turn(3, [{ ...big, a: 2 }])];
    turns.forEach((events, i) => feedTurn(p, i + 1, events));
    openRun(p, 'turn-2');
    const thread = within(detail(p).getByRole('region', { name: 'Thread chat summary' }));
    const total = turns.reduce((n, t) => n + streamed(t), 0);
    expect(thread.getByRole('heading', { name: `Thread (3 runs, ${total} bytes streamed)` })).toBeTruthy();
    const sizes = [1, 2, 3].map((n) => JSON.stringify(body(n)).length);
    const rows = within(thread.getByRole('table', { name: 'Runs of the thread' }))
      .getAllByRole('row')
      .slice(1);
    const cells = rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(cells).toEqual([
      [String(sizes[0]), '—', String(streamed(turns[0]!))],
      [String(sizes[1]), `+${sizes[1]! - sizes[0]!}`, String(streamed(turns[1]!))],
      [String(sizes[2]), `+${sizes[2]! - sizes[1]!}`, String(streamed(turns[2]!))],
    ]);
    // The run shown is marked, not a link to itself.
    expect(rows[1]?.getAttribute('aria-current')).toBe('true');
    expect(rows[1]?.textContent).toContain('(this run)');
    expect(thread.getByText(new RegExp(`Requests ${sizes.join(' → ')} bytes`))).toBeTruthy();
    const largest = thread.getByLabelText('Largest state snapshots of the thread');
    const terms = [...largest.querySelectorAll('dt')].map((d) => d.textContent);
    // Largest first: turn 3's (big plus a), turn 2's big, then turn 2's first.
    expect(terms).toEqual(['#3 STATE_SNAPSHOT #1', '#2 STATE_SNAPSHOT #2', '#2 STATE_SNAPSHOT #1']);
    expect(largest.querySelectorAll('dd')[1]?.textContent).toMatch(
      new RegExp(`^${JSON.stringify(big).length} bytes · \\d+ changed`),
    );
    expect(thread.getByLabelText('Thread payload by kind').textContent).toContain(
      `stateSnapshots${streamed(turns[1]!.slice(1, 3)) + streamed(turns[2]!.slice(1, 2))} bytes`,
    );
  });

  it('takes the user to another run of the thread', () => {
    const p = renderPanel();
    panel = p;
    [1, 2].forEach((n) => feedTurn(p, n, turn(n)));
    openRun(p, 'turn-2');
    fireEvent.click(detail(p).getByRole('button', { name: /^Show run .*turn-1/ }));
    expect(p.store.selection.run.value).toBe('s1#0');
    expect(detail(p).getByRole('heading', { name: /^Run turn-1/ })).toBeTruthy();
  });

  it('grows as the thread gains a run while it is shown', () => {
    const p = renderPanel();
    panel = p;
    feedTurn(p, 1, turn(1));
    openRun(p, 'turn-1');
    const region = () => within(detail(p).getByRole('region', { name: 'Thread chat summary' }));
    expect(region().getByText(/The only run on this thread so far/)).toBeTruthy();
    feedTurn(p, 2, turn(2));
    expect(region().getByRole('heading', { name: /^Thread \(2 runs,/ })).toBeTruthy();
    expect(within(region().getByRole('table')).getAllByRole('row')).toHaveLength(3);
  });

  it('says when no request bodies were recorded rather than showing a growth of 0', () => {
    const p = renderPanel();
    panel = p;
    for (const n of [1, 2]) p.feed(relayEvents({ streamId: `s${n}`, t0: 1_764_700_000_000 + n * 60_000 }, turn(n)));
    openRun(p, 'turn-1');
    expect(detail(p).getByText(/No request bodies recorded/)).toBeTruthy();
  });
});
