import { describe, expect, it } from 'vitest';
import { createMemoryTransport } from '../../bridge/memory-transport.js';
import { createPanelCore } from '../core-deps.js';
import { relayEvents, sampleRunEvents } from '../test-kit.js';
import { createPanelStore } from './panel-store.js';
import { createManualScheduler, type FrameScheduler } from './scheduler.js';
import { createCaptureStore } from './capture-store.js';

function setup(storage?: Map<string, string>) {
  const transport = createMemoryTransport(true);
  const scheduler = createManualScheduler();
  const mapStorage = storage ?? new Map<string, string>();
  const store = createPanelStore({
    core: createPanelCore(),
    scheduler,
    transport,
    storage: { getItem: (k) => mapStorage.get(k) ?? null, setItem: (k, v) => void mapStorage.set(k, v) },
    panelId: 'p1',
  });
  return { transport, scheduler, store, mapStorage };
}

describe('capture store', () => {
  it('leaves hello to the transport and batches messages until the frame runs', () => {
    const { transport, scheduler, store } = setup();
    expect(transport.sent).toEqual([]);
    for (const m of relayEvents({ streamId: 's1' }, sampleRunEvents())) transport.deliver(m);
    expect(store.capture.model.value.runs.length).toBe(0);
    expect(scheduler.flush()).toBe(true);
    const model = store.capture.model.value;
    expect(model.runs.length).toBe(1);
    const run = model.runs[0];
    expect(run?.toolCalls.length).toBe(1);
    expect(run!.toolCalls[0]?.segments.length).toBe(2);
    expect(store.capture.health.value.streamsSeen).toBe(1);
  });

  it('drops duplicates by streamId+seq (replay overlapping live delivery)', () => {
    const { transport, scheduler, store } = setup();
    const msgs = relayEvents({ streamId: 's1' }, sampleRunEvents());
    for (const m of msgs) transport.deliver(m);
    for (const m of msgs) transport.deliver(m);
    scheduler.flush();
    const stream = store.capture.model.value.streams[0];
    expect(stream?.rawEvents.length).toBe(sampleRunEvents().length);
    expect(store.capture.health.value.duplicates).toBe(msgs.length);
  });

  it('clears on top-level navigation unless preserve log is on', () => {
    const { transport, scheduler, store } = setup();
    for (const m of relayEvents({ streamId: 's1' }, sampleRunEvents())) transport.deliver(m);
    scheduler.flush();
    // Relay clocks are epoch ms, like the streams' (test-kit streams start at 1_764_700_000_000).
    transport.deliver({ kind: 'navigated', docId: 'd1', url: 'http://x/', t: 1_764_700_100_000, top: true });
    scheduler.flush();
    expect(store.capture.model.value.runs.length).toBe(0);
    // A replay repeating the same navigation does not clear what arrived since.
    for (const m of relayEvents({ streamId: 's3' }, sampleRunEvents())) transport.deliver(m);
    transport.deliver({ kind: 'navigated', docId: 'd1', url: 'http://x/', t: 1_764_700_100_000, top: true });
    scheduler.flush();
    expect(store.capture.model.value.runs.length).toBe(1);

    store.settings.update({ preserveLog: true });
    for (const m of relayEvents({ streamId: 's2' }, sampleRunEvents())) transport.deliver(m);
    transport.deliver({ kind: 'navigated', docId: 'd2', url: 'http://x/', t: 1_764_700_200_000, top: true });
    scheduler.flush();
    expect(store.capture.model.value.runs.length).toBe(2);
  });

  it('does not record streams opened while paused, and counts them', () => {
    const { transport, scheduler, store } = setup();
    store.capture.setRecording(false);
    for (const m of relayEvents({ streamId: 's1' }, sampleRunEvents())) transport.deliver(m);
    scheduler.flush();
    expect(store.capture.model.value.streams.length).toBe(0);
    expect(store.capture.health.value.skippedWhilePaused).toBe(1);
    store.capture.setRecording(true);
    for (const m of relayEvents({ streamId: 's2' }, sampleRunEvents())) transport.deliver(m);
    scheduler.flush();
    expect(store.capture.model.value.streams.length).toBe(1);
  });

  it('clear empties the session and asks the relay to drop its buffer', () => {
    const { transport, scheduler, store } = setup();
    for (const m of relayEvents({ streamId: 's1' }, sampleRunEvents())) transport.deliver(m);
    scheduler.flush();
    store.clear();
    expect(store.capture.model.value.streams.length).toBe(0);
    expect(transport.sent).toContainEqual({ kind: 'clear-buffer' });
  });

  it('reports health: ignored responses, overflow, connection', () => {
    const { transport, scheduler, store } = setup();
    transport.deliver({ kind: 'tap-ready', frameId: 'f', frameUrl: 'http://x/', top: true, t: 1 });
    transport.deliver({
      kind: 'stream-ignored',
      id: 'i1',
      url: 'http://x/a.json',
      contentType: 'application/json',
      status: 200,
      t: 1,
    });
    transport.deliver({ kind: 'buffer-state', docId: 'd1', buffered: 10, dropped: 3, droppedBytes: 900, bytes: 100 });
    scheduler.flush();
    const h = store.capture.health.value;
    expect(h).toMatchObject({ tapFrames: 1, ignored: 1, dropped: 3, connected: true });
    transport.setConnected(false);
    expect(store.capture.health.value.connected).toBe(false);
  });

  it('throttles model publication while streaming, and publishes the rest later', () => {
    const scheduler = createManualScheduler();
    let now = 0;
    const store = createCaptureStore(createPanelCore(), scheduler, 'live', { intervalMs: 100, now: () => now });
    const msgs = relayEvents({ streamId: 's1' }, sampleRunEvents());
    store.receive(msgs[0]!);
    store.flush();
    const first = store.model.value;
    expect(first.streams.length).toBe(1);
    now = 10;
    for (const m of msgs.slice(1)) store.receive(m);
    store.flush();
    expect(store.model.value).toBe(first);
    expect(store.inspector().model.runs.length).toBe(1);
    now = 150;
    expect(scheduler.flush()).toBe(true);
    expect(store.model.value.runs.length).toBe(1);
  });

  it('drains a backlog in slices that only apply, while frames only publish', () => {
    // Frames (request) and slices (continueSoon) kept apart, run when the test says.
    const frames: (() => void)[] = [];
    const slices: (() => void)[] = [];
    const scheduler: FrameScheduler = {
      request: (t) => void (frames.includes(t) || frames.push(t)),
      continueSoon: (t) => void (slices.includes(t) || slices.push(t)),
    };
    const run = (q: (() => void)[]): boolean => {
      const tasks = q.splice(0);
      for (const t of tasks) t();
      return tasks.length > 0;
    };
    // Each clock read moves 10 ms; a 25 ms budget stops a slice after its third message.
    let now = 0;
    const store = createCaptureStore(createPanelCore(), scheduler, 'live', {
      intervalMs: 0,
      now: () => (now += 10),
      frameBudgetMs: 25,
    });
    const msgs = relayEvents({ streamId: 's1' }, sampleRunEvents());
    expect(msgs.length).toBeGreaterThan(6);
    for (const m of msgs) store.receive(m);
    // The model shares the core's lists: what a view was shown is the published version.
    const applied = (): number => store.inspector().model.streams[0]?.rawEvents.length ?? 0;
    const appliedVersion = (): number => store.inspector().model.version;
    const shownVersion = (): number => store.model.value.version;

    // The first frame applies a slice and shows it; the rest waits for slices.
    expect(run(frames)).toBe(true);
    const first = applied();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(sampleRunEvents().length);
    expect(shownVersion()).toBe(appliedVersion());
    // A slice applies and shows nothing: it asks for a frame.
    const shownBefore = store.model.value;
    expect(run(slices)).toBe(true);
    expect(applied()).toBeGreaterThan(first);
    expect(store.model.value).toBe(shownBefore);
    expect(frames.length).toBe(1);
    // That frame shows what the slices applied, applying nothing itself.
    const before = applied();
    expect(run(frames)).toBe(true);
    expect(applied()).toBe(before);
    expect(shownVersion()).toBe(appliedVersion());

    let more = 1;
    while (run(slices)) more++;
    expect(more + 1).toBe(Math.ceil(msgs.length / 3));
    run(frames);
    // Nothing lost, in order: the same run as all at once.
    expect(shownVersion()).toBe(appliedVersion());
    expect(store.model.value.streams[0]?.rawEvents.length).toBe(sampleRunEvents().length);
    expect(store.model.value.runs[0]?.toolCalls[0]?.segments.length).toBe(2);
    expect(frames.length).toBe(0);
  });

  it('remembers settings across stores', () => {
    const storage = new Map<string, string>();
    const a = setup(storage);
    a.store.settings.update({ filterText: 'search -web', preserveLog: true, theme: 'dark' });
    a.store.settings.toggleSeverity('notice');
    const b = setup(storage);
    expect(b.store.settings.settings.value).toMatchObject({
      filterText: 'search -web',
      preserveLog: true,
      theme: 'dark',
      severities: { notice: false, error: true },
    });
  });
});
