// @vitest-environment happy-dom
// The timeline fits what it shows: fit (0), the run selector, Clear, double-click; the time /
// sequence axis; placeholder lanes for streams without a run; label priorities.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, within } from '@testing-library/preact';
import { renderPanel, type RenderedPanel } from '../render-panel.test-helper.js';
import { relayEvents, relayStream, sampleRunEvents, sseFrame } from '../test-kit.js';
import { importFile } from '../io/import-actions.js';

let panel: RenderedPanel | undefined;
afterEach(() => {
  panel?.unmount();
  panel = undefined;
});

const T0 = 1_764_700_000_000;
const lanes = (p: RenderedPanel) => within(within(p.el).getByRole('listbox', { name: 'Timeline lanes' }));
const key = (el: Element, k: string): void => {
  act(() => {
    fireEvent.keyDown(el, { key: k });
  });
};
/** The axis tick labels, as seconds (sequence ticks "#n" as numbers). */
function ticks(p: RenderedPanel): number[] {
  return [...p.el.querySelectorAll('.tl-head .tl-tick')].map((el) => {
    const text = el.textContent ?? '';
    if (text.startsWith('#')) return Number(text.slice(1));
    if (text === '0') return 0;
    const n = parseFloat(text);
    return text.endsWith(' ms') ? n / 1000 : n;
  });
}

/** Three runs 30 s apart, each ~150 ms long. */
function threeRuns(): RenderedPanel {
  panel = renderPanel();
  for (let i = 0; i < 3; i++)
    panel.feed(relayEvents({ streamId: `s${i}`, t0: T0 + i * 30_000 }, sampleRunEvents(`run-${i}`)));
  return panel;
}

describe('fit', () => {
  it('the run selector fits the axis to the run it picks, not the whole session', () => {
    const p = threeRuns();
    expect(Math.min(...ticks(p))).toBe(0);
    fireEvent.change(within(p.el).getByRole('combobox', { name: 'Run' }), { target: { value: 's2#0' } });
    const shown = ticks(p);
    // The axis starts just before the last run (60 s in) and spans well under a second.
    expect(Math.min(...shown)).toBeGreaterThanOrEqual(59.9);
    expect(Math.max(...shown) - Math.min(...shown)).toBeLessThan(1);
  });

  it('0 fits the runs shown after zooming out; Clear resets zoom for the next session', () => {
    const p = threeRuns();
    fireEvent.change(within(p.el).getByRole('combobox', { name: 'Run' }), { target: { value: 's2#0' } });
    const list = within(p.el).getByRole('listbox', { name: 'Timeline lanes' });
    for (let i = 0; i < 30; i++) key(list, '-');
    expect(Math.max(...ticks(p)) - Math.min(...ticks(p))).toBeGreaterThan(1);
    key(list, '0');
    expect(Math.min(...ticks(p))).toBeGreaterThanOrEqual(59.9);
    expect(Math.max(...ticks(p)) - Math.min(...ticks(p))).toBeLessThan(1);
    // Zoomed far out, then Clear: the next run fills the axis again.
    for (let i = 0; i < 30; i++) key(list, '-');
    fireEvent.click(within(p.el).getByRole('button', { name: 'Clear' }));
    p.feed(relayEvents({ streamId: 'n1', t0: T0 + 500_000 }, sampleRunEvents('run-new')));
    expect(lanes(p).getByRole('option', { name: /Run run-new/ })).toBeTruthy();
    expect(Math.max(...ticks(p))).toBeLessThan(1);
  });

  it('n brings the selected finding into view when the axis is zoomed elsewhere', () => {
    const p = threeRuns();
    fireEvent.dblClick(lanes(p).getByRole('option', { name: /Run run-2,/ }));
    expect(Math.min(...ticks(p))).toBeGreaterThanOrEqual(59.9);
    const list = within(p.el).getByRole('listbox', { name: 'Timeline lanes' });
    key(list, 'n');
    const f = p.store.capture.model.peek().findings[p.store.selection.finding.value ?? -1];
    const run = p.store.capture.model.peek().runs.find((r) => r.streamId === f?.streamId);
    // The first finding is in the first run: the axis now shows its time, not 60 s in.
    expect(run?.runId).toBe('run-0');
    expect(Math.min(...ticks(p))).toBeLessThan(1);
    expect(p.el.querySelectorAll('.marker.finding.selected').length).toBeGreaterThan(0);
  });

  it('double-clicking a run header zooms to that run', () => {
    const p = threeRuns();
    fireEvent.dblClick(lanes(p).getByRole('option', { name: /Run run-1,/ }));
    expect(Math.min(...ticks(p))).toBeGreaterThanOrEqual(29.9);
    expect(Math.max(...ticks(p))).toBeLessThan(31);
  });
});

describe('idle gaps', () => {
  const gapMarks = (p: RenderedPanel) =>
    [...p.el.querySelectorAll('.tl-head .tl-gap')].map((g) => g.getAttribute('title'));
  const runWidths = (p: RenderedPanel) =>
    [...p.el.querySelectorAll<HTMLElement>('.run-row .bar.run')].map((b) => parseFloat(b.style.width));

  it('a live session collapses them by default, marked on the axis; the switch restores real time', () => {
    const p = threeRuns();
    const toggle = within(p.el).getByRole('checkbox', { name: 'Collapse idle gaps' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(gapMarks(p)).toHaveLength(2);
    for (const t of gapMarks(p)) expect(t).toMatch(/^\d+(\.\d+)? s idle \(collapsed\)$/);
    // Ticks keep real time: the last run still reads about 60 s in.
    expect(Math.max(...ticks(p))).toBeGreaterThan(59);
    const collapsed = runWidths(p);
    act(() => void fireEvent.click(toggle));
    expect(toggle.checked).toBe(false);
    expect(gapMarks(p)).toEqual([]);
    // Each ~150 ms run was a sliver of 60 s; collapsed it has many times the room.
    const real = runWidths(p);
    expect(collapsed).toHaveLength(3);
    for (let i = 0; i < 3; i++) expect(collapsed[i] ?? 0).toBeGreaterThan((real[i] ?? 0) * 10);
  });
});

/**
 * The panel laid out `px` wide: happy-dom does no layout, so every element reports that
 * width (the timeline measures its scroller and the panel root).
 */
function atWidth(px: number): void {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(px);
}
afterEach(() => {
  vi.restoreAllMocks();
});

/** Four runs about 30 s apart, 1–3 s each, the second calling a frontend tool. */
function longSession(): RenderedPanel {
  panel = renderPanel();
  const tools = [{ name: 'confirm_booking', description: 'Ask the user', parameters: { type: 'object' } }];
  for (let i = 0; i < 4; i++) {
    const events =
      i === 1
        ? [
            { type: 'RUN_STARTED', threadId: 't', runId: 'run-1' },
            { type: 'TOOL_CALL_START', toolCallId: 'a2d94c3e-8f17-4b60', toolCallName: 'confirm_booking' },
            { type: 'TOOL_CALL_ARGS', toolCallId: 'a2d94c3e-8f17-4b60', delta: '{"hotel":"Casa Azul"}' },
            { type: 'TOOL_CALL_END', toolCallId: 'a2d94c3e-8f17-4b60' },
            { type: 'RUN_FINISHED', threadId: 't', runId: 'run-1' },
          ]
        : sampleRunEvents(`run-${i}`, 't');
    panel.feed(
      relayEvents(
        { streamId: `s${i}`, t0: T0 + i * 32_000, step: 150, requestBody: { threadId: 't', runId: `run-${i}`, tools } },
        events,
      ),
    );
  }
  return panel;
}

describe('in a 500 px panel', () => {
  it('a collapsed axis labels where each run begins and how long the breaks were', () => {
    atWidth(500);
    const p = longSession();
    const labels = [...p.el.querySelectorAll('.tl-head .tl-tick')].map((el) => el.textContent ?? '');
    expect(labels.length).toBeGreaterThanOrEqual(3);
    // Real time where runs 2, 3 and 4 begin (32, 64, 96 s in), not only "0".
    const secs = ticks(p);
    for (const start of [32, 64, 96])
      expect(
        secs.some((s) => s >= start && s < start + 1),
        `${start} s`,
      ).toBe(true);
    const breaks = [...p.el.querySelectorAll('.tl-head .tl-gap-label, .tl-head .tl-gap')]
      .map((el) => el.textContent ?? '')
      .filter((t) => t !== '');
    expect(breaks.length).toBeGreaterThanOrEqual(1);
    for (const b of breaks) expect(b).toMatch(/^\d+(\.\d+)? (ms|s|min) idle$/);
  });

  it("a frontend call's tool name shows whole beside a short badge; wider, the badge is whole", () => {
    atWidth(500);
    const p = longSession();
    const lane = lanes(p).getByRole('option', { name: /Tool call confirm_booking .*, frontend$/ });
    const label = lane.querySelector('.tl-label') as HTMLElement;
    expect(label.querySelector('.tl-name')?.textContent).toBe('confirm_booking');
    const badge = label.querySelector('.badge') as HTMLElement;
    expect(badge.textContent).not.toBe('frontend');
    expect(badge.title).toMatch(/frontend/);
    p.unmount();
    vi.restoreAllMocks();
    atWidth(1000);
    const wide = longSession();
    const wideLabel = lanes(wide)
      .getByRole('option', { name: /Tool call confirm_booking/ })
      .querySelector('.tl-label');
    expect(wideLabel?.querySelector('.tl-name')?.textContent).toBe('confirm_booking');
    expect(wideLabel?.querySelector('.badge')?.textContent).toBe('frontend');
  });
});

/** A Chrome-style HAR: two bodies saved whole, an EventSource and a cut-off request without. */
function har(): Uint8Array {
  const entry = (at: number, url: string, text: string, extra: Record<string, unknown> = {}, status = 200) => ({
    startedDateTime: new Date(T0 + at).toISOString(),
    time: 120,
    request: { method: 'POST', url, headers: [] },
    response: { status, headers: [], content: { mimeType: 'text/event-stream', text } },
    ...extra,
  });
  const body = (runId: string) => sampleRunEvents(runId).map(sseFrame).join('');
  return new TextEncoder().encode(
    JSON.stringify({
      log: {
        version: '1.2',
        entries: [
          entry(0, 'http://localhost/agent', body('run-a')),
          entry(1000, 'http://localhost/events', '', { _resourceType: 'eventsource' }),
          entry(2000, 'http://localhost/agent?b', body('run-b')),
          entry(3000, 'http://localhost/agent?c', '', { _error: 'net::ERR_ABORTED' }, 0),
        ],
      },
    }),
  );
}

describe('HAR import without per-event timing', () => {
  it('switches to the sequence axis with a note, sizes runs in events, and shows body-less streams', () => {
    panel = renderPanel({ offline: true });
    const p = panel;
    act(() => {
      importFile(p.store, 'gaps.har', har());
    });
    const view = within(p.el);
    expect(view.getByRole('note').textContent).toMatch(/Sequence axis: this file has no per-event timing/);
    expect(view.getByRole('radio', { name: 'Sequence' }).getAttribute('aria-checked')).toBe('true');
    expect(p.el.querySelector('.tl-head .tl-tick')?.textContent).toMatch(/^#\d+$/);
    const n = sampleRunEvents().length;
    expect(view.getByText(new RegExp(`^#1 · .* · thread thread-1 · run run-a — success, ${n} events$`))).toBeTruthy();
    expect(view.queryByText(/0\.00 ms/)).toBeNull();
    // Placeholder lanes in request order, saying why.
    const rows = lanes(p)
      .getAllByRole('option')
      .map((o) => o.getAttribute('aria-label') ?? '');
    const es = rows.findIndex((l) => /No run: POST http:\/\/localhost\/events, EventSource stream/.test(l));
    const cut = rows.findIndex((l) => /No run: .*agent\?c, cut off .*net::ERR_ABORTED/.test(l));
    const runA = rows.findIndex((l) => /Run run-a/.test(l));
    const runB = rows.findIndex((l) => /Run run-b/.test(l));
    expect([runA, es, runB, cut].every((i) => i >= 0)).toBe(true);
    expect(runA < es && es < runB && runB < cut).toBe(true);
    expect(view.getByText(/HAR files do not keep EventSource bodies/)).toBeTruthy();
    // The user may still ask for the time axis: the note then says why durations read 0.
    fireEvent.click(view.getByRole('radio', { name: 'Time' }));
    expect(view.getByRole('note').textContent).toMatch(/No per-event timing/);
    expect(view.getByRole('radio', { name: 'Time' }).getAttribute('aria-checked')).toBe('true');
  });

  it('a live session stays on the time axis, without a note; arrows switch the axis', () => {
    const p = threeRuns();
    const time = within(p.el).getByRole('radio', { name: 'Time' });
    expect(time.getAttribute('aria-checked')).toBe('true');
    expect(within(p.el).queryByRole('note')).toBeNull();
    expect(Math.max(...ticks(p))).toBeGreaterThan(50); // seconds
    time.focus();
    key(time, 'ArrowRight');
    const seq = within(p.el).getByRole('radio', { name: 'Sequence' });
    expect(seq.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(seq);
    expect(time.tabIndex).toBe(-1);
    // Three streams of 14 events, with gaps: the ticks are event numbers now.
    expect(p.el.querySelector('.tl-head .tl-tick')?.textContent).toMatch(/^#\d+$/);
    expect(Math.max(...ticks(p))).toBeLessThan(3 * 15);
  });
});

describe('a live stream without per-event timing', () => {
  it('keeps the time axis and says why its lanes are short', () => {
    panel = renderPanel();
    const p = panel;
    // The whole body in one chunk: every event has the same arrival time.
    const body = sampleRunEvents('run-burst').map(sseFrame).join('');
    p.feed(relayStream({ streamId: 'burst' }, [body]));
    p.feed(relayStream({ streamId: 'burst-2', t0: T0 + 1000 }, [body.replace(/run-burst/g, 'run-burst-2')]));
    expect(within(p.el).getByRole('radio', { name: 'Time' }).getAttribute('aria-checked')).toBe('true');
    expect(within(p.el).getByRole('note').textContent).toMatch(/No per-event timing/);
  });
});

describe('streams without runs', () => {
  it('a stream cut off before its first event gets a lane that says so', () => {
    panel = renderPanel();
    const msgs = relayEvents({ streamId: 'cut' }, [], false);
    panel.feed([...msgs, { kind: 'stream-end', streamId: 'cut', seq: 1, t: T0 + 5, reason: 'aborted' }]);
    expect(lanes(panel).getByRole('option', { name: /No run: .*cut off: the page aborted it/ })).toBeTruthy();
    expect(within(panel.el).queryByText(/No runs yet/)).toBeNull();
  });

  it('an import with findings and no run shows the findings, not "No runs yet"', () => {
    panel = renderPanel({ offline: true });
    const p = panel;
    act(() => {
      importFile(p.store, 'broken.sse', new TextEncoder().encode('data: {"type":\n\ndata: [1,\n\n'));
    });
    expect(p.store.capture.model.value.runs).toHaveLength(0);
    expect(within(p.el).queryByText(/No runs yet/)).toBeNull();
    const lane = lanes(p).getByRole('option', { name: /No run:/ });
    expect(within(lane).getByText(/finding\(s\)/)).toBeTruthy();
    expect(within(lane).getAllByRole('button', { name: /^error / }).length).toBeGreaterThan(0);
  });
});

describe('lane labels', () => {
  it('keep the tool name whole and shorten the id first', () => {
    panel = renderPanel();
    const id = 'call_0123456789abcdefghij_tail';
    panel.feed(
      relayEvents({ streamId: 's' }, [
        { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
        { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: 'get_weather_forecast' },
        { type: 'TOOL_CALL_END', toolCallId: id },
        { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
      ]),
    );
    const lane = lanes(panel).getByRole('option', { name: /Tool call get_weather_forecast/ });
    const label = lane.querySelector('.tl-label') as HTMLElement;
    expect(within(label).getByText('get_weather_forecast')).toBeTruthy();
    const shownId = label.querySelector('.tl-id')?.textContent ?? '';
    expect(shownId).toContain('…');
    // The distinguishing end of the id stays; the name is whole.
    expect(shownId.endsWith('tail')).toBe(true);
    expect(shownId.startsWith('call')).toBe(true);
    expect(label.title).toContain(id);
  });
});

describe('a HAR beside live and replayed runs', () => {
  it('keeps the file in event order and times the live runs from the first live event: no week-long ticks', () => {
    panel = renderPanel();
    const p = panel;
    act(() => {
      importFile(p.store, 'gaps.har', har());
    });
    // A replayed run a week after the customer recorded the file (recording is paused by Import).
    const week = 7 * 24 * 3600 * 1000;
    p.feed(
      relayEvents(
        { streamId: 'rep', t0: T0 + week, step: 100, replayed: { source: 'gaps.har · run-a', armId: 'a1', index: 0 } },
        sampleRunEvents('run-rep'),
      ),
    );
    const view = within(p.el);
    expect(view.getByRole('radio', { name: 'Sequence' }).getAttribute('aria-checked')).toBe('true');
    expect(view.getByRole('note').textContent).toMatch(/timed from the first live event/);
    const labels = [...p.el.querySelectorAll('.tl-head .tl-tick')].map((el) => el.textContent ?? '');
    expect(labels.some((l) => /^#\d+$/.test(l))).toBe(true);
    expect(labels).toContain('live 0');
    // Seconds since the first live event, never since the file's week-old start.
    const secs = labels
      .filter((l) => l.startsWith('+'))
      .map((l) => parseFloat(l.slice(1)) / (l.endsWith(' ms') ? 1000 : 1));
    expect(secs.length).toBeGreaterThan(0);
    expect(Math.max(...secs)).toBeLessThan(60);
    // The file's run is sized in events, the replayed one in time.
    const n = sampleRunEvents().length;
    expect(view.getByText(new RegExp(`run run-a — success, ${n} events`))).toBeTruthy();
    expect(view.getByText(/run run-rep — success, [\d.]+ (ms|s)/)).toBeTruthy();
  });
});
