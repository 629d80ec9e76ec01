// How long an armed replay lives in the tap: expiry only for an arm nobody took; a taken
// Step run outlives it; Cancel and a closed panel end the app's request as a dropped
// connection and the captured stream says why; only the recorded path is answered when set.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { armMessage, installWithControl } from './replay.test-helper.js';
import { collector, fakeWindow, readAll, responseWith, type FakeTapWindow } from './fake-window.test-helper.js';
import { CANCELLED_IN_PANEL, PANEL_GONE } from './replay-state.js';

const enc = new TextEncoder();
const frames = [
  'data: {"type":"RUN_STARTED","threadId":"t0","runId":"r0"}\n\n',
  'data: {"type":"RUN_FINISHED","threadId":"t0","runId":"r0"}\n\n',
];
const body = frames.join('');
const recorded = () => ({
  source: 'customer.har · r0',
  recordedUrl: 'https://customer.example/agent',
  status: 200,
  contentType: 'text/event-stream',
  bytes: enc.encode(body),
  ends: Float64Array.from(frames.map((_, i) => enc.encode(frames.slice(0, i + 1).join('')).length)),
  at: Float64Array.from([0, 0]),
  patches: Float64Array.from([]),
});
const agui = { method: 'POST', headers: { Accept: 'text/event-stream' }, body: '{"threadId":"T","runId":"R"}' };
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
  vi.useRealTimers();
});

function setup(): {
  win: FakeTapWindow;
  c: ReturnType<typeof collector>;
  control: (m: Record<string, unknown>) => void;
} {
  const win = fakeWindow({ JSON, setTimeout, clearTimeout, DOMException, AbortSignal } as never);
  const rig = installWithControl(win);
  undo = rig.undo;
  win.respond = () => Promise.resolve(responseWith('{}', { headers: { 'content-type': 'application/json' } }));
  return { win, c: rig.c, control: rig.send };
}

const endOf = (c: ReturnType<typeof collector>) => c.msgs.find((m) => m.kind === 'stream-end');

describe('replay lifetime in the tap', () => {
  it('a taken Step run outlives the expiry, and the rest of its arm is still answered', async () => {
    vi.useFakeTimers(); // before setup: the tap captures the timers at install
    const { win, control } = setup();
    control(armMessage([recorded(), recorded()], { step: true, ttlMs: 5 }));
    const res = await win.fetch('https://app.test/agent', agui);
    await vi.advanceTimersByTimeAsync(20); // past the 5 ms expiry
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const read = reader.read();
    control({ kind: 'replay-release', armId: 'a1', upTo: 2 });
    expect(new TextDecoder().decode((await read).value)).toContain('RUN_STARTED');
    const second = await win.fetch('https://app.test/agent', agui);
    expect(win.calls.length).toBe(0);
    await second.body?.cancel();
  });

  it('an untaken arm still expires', async () => {
    vi.useFakeTimers();
    const { win, control } = setup();
    control(armMessage([recorded()], { ttlMs: 5 }));
    await vi.advanceTimersByTimeAsync(20);
    await win.fetch('https://app.test/agent', agui);
    expect(win.calls.length).toBe(1);
  });

  it('Cancel is a network error for the page; the captured stream says it was cancelled in the panel', async () => {
    const { win, c, control } = setup();
    control(armMessage([recorded()], { step: true }));
    const res = await win.fetch('https://app.test/agent', agui);
    const read = (res.body as ReadableStream<Uint8Array>).getReader().read();
    control({ kind: 'replay-cancel', armId: 'a1' });
    await expect(read).rejects.toThrow('network error');
    await tick(0);
    expect(endOf(c)).toMatchObject({ reason: 'error', error: CANCELLED_IN_PANEL });
  });

  it('a closed panel ends a playing Step run and drops an untaken arm', async () => {
    const { win, c, control } = setup();
    control(armMessage([recorded()], { step: true }));
    const res = await win.fetch('https://app.test/agent', agui);
    const read = (res.body as ReadableStream<Uint8Array>).getReader().read();
    control({ kind: 'replay-panel-gone' });
    await expect(read).rejects.toThrow('network error');
    await tick(0);
    expect(endOf(c)).toMatchObject({ reason: 'error', error: PANEL_GONE });
    control(armMessage([recorded()]));
    control({ kind: 'replay-panel-gone' });
    await win.fetch('https://app.test/agent', agui);
    expect(win.calls.length).toBe(1);
  });

  it('with a path, only that path is answered, on any origin; the recorded URL marks the stream', async () => {
    const { win, c, control } = setup();
    control(armMessage([recorded()], { path: '/agent' }));
    await win.fetch('https://app.test/other', agui);
    expect(win.calls.length).toBe(1);
    const res = await win.fetch('http://localhost:5173/agent?x=1', agui);
    expect(win.calls.length).toBe(1);
    expect(await readAll(res.body as ReadableStream<Uint8Array>)).toContain('RUN_FINISHED');
    const open = c.msgs.find((m) => m.kind === 'stream-open' && 'replayed' in m);
    expect(open && 'replayed' in open && open.replayed).toEqual({
      source: 'customer.har · r0',
      armId: 'a1',
      index: 0,
      recordedUrl: 'https://customer.example/agent',
    });
  });
});
