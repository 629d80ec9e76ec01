import { describe, expect, it } from 'vitest';
import { createMemoryTransport } from '../../bridge/memory-transport.js';
import { getStream } from '../../core/reduce/lookup.js';
import { createPanelCore } from '../core-deps.js';
import { relayEvents, relayStream, sampleRunEvents } from '../test-kit.js';
import { createCaptureStore } from './capture-store.js';
import { lossLines } from './health.js';
import { createManualScheduler } from './scheduler.js';
import { createPanelStore } from './panel-store.js';

const T0 = 1_764_700_000_000;

function live() {
  const transport = createMemoryTransport(true);
  const scheduler = createManualScheduler();
  const store = createPanelStore({ core: createPanelCore(), scheduler, transport });
  const send = (...msgs: Parameters<typeof transport.deliver>[0][]) => {
    for (const m of msgs) transport.deliver(m);
    scheduler.flush();
  };
  return { store, send };
}

describe('capture health: loss, cuts, dead streams, session cap', () => {
  it('sums real loss per hop (relays by document, taps by frame, the hand-off) and says where', () => {
    const { store, send } = live();
    send(
      { kind: 'buffer-state', docId: 'd1', buffered: 5, dropped: 1_000, droppedBytes: 2 * 1024 * 1024, bytes: 1 },
      { kind: 'buffer-state', docId: 'd2', buffered: 5, dropped: 234, droppedBytes: 1024, bytes: 1 },
      { kind: 'buffer-state', docId: 'd1', buffered: 5, dropped: 1_000, droppedBytes: 2 * 1024 * 1024, bytes: 1 }, // a repeat: cumulative, not added
      { kind: 'tap-dropped', frameId: 'f1', messages: 7, bytes: 700, t: T0 },
      { kind: 'handoff-dropped', messages: 3, bytes: 300 },
    );
    const h = store.capture.health.value;
    expect(h.dropped).toBe(1_244);
    expect(lossLines(h)).toEqual([
      '7 chunks dropped: page buffer full (700 B)',
      '1,234 chunks dropped: relay buffer full (2 MB)',
      '3 chunks dropped: DevTools buffer full (300 B)',
    ]);
    // With the session's mean event size known, the events the chunks held are estimated.
    expect(lossLines(h, 100)[1]).toBe('1,234 chunks dropped (about 20,982 events): relay buffer full (2 MB)');
    expect(lossLines(h, 1000)[0]).toBe('7 chunks dropped (about 7 events): page buffer full (700 B)');
  });

  it('says which stream our cap cut, and the run is not reported as the server truncating it', () => {
    const { store, send } = live();
    const msgs = relayEvents({ streamId: 'big', url: 'http://x/big' }, sampleRunEvents().slice(0, 2), false);
    send(...msgs, {
      kind: 'stream-end',
      streamId: 'big',
      seq: msgs.length,
      t: T0 + 100,
      reason: 'capture-truncated',
      error: 'capture stopped at 64 MB',
    });
    expect(lossLines(store.capture.health.value)).toContain('capture of stream http://x/big stopped at 64 MB');
    const rules = store.capture.model.value.findings;
    expect(JSON.stringify(rules)).not.toContain('run/truncated');
  });

  it('a top-level navigation with preserve log ends the old document\'s open streams as "navigated"', () => {
    const { store, send } = live();
    store.settings.update({ preserveLog: true });
    send(...relayEvents({ streamId: 'old' }, sampleRunEvents().slice(0, 2), false));
    send({ kind: 'navigated', docId: 'd2', url: 'http://x/', t: T0 + 5_000, top: true });
    send(...relayEvents({ streamId: 'new', t0: T0 + 6_000 }, sampleRunEvents().slice(0, 2), false));
    const model = store.capture.model.value;
    expect(getStream(model, 'old')?.end).toMatchObject({ reason: 'navigated', t: T0 + 5_000 });
    expect(getStream(model, 'new')?.end).toBeUndefined();
  });

  it('a navigation replayed after newer streams neither clears nor ends them', () => {
    const { store, send } = live();
    send(...relayEvents({ streamId: 'new', t0: T0 + 6_000 }, sampleRunEvents().slice(0, 2), false));
    send({ kind: 'navigated', docId: 'd2', url: 'http://x/', t: T0 + 5_000, top: true });
    expect(getStream(store.capture.model.value, 'new')?.end).toBeUndefined();
  });

  it('tab closed: open streams end "tab-closed" and health says the tab closed', () => {
    const { store, send } = live();
    send(...relayEvents({ streamId: 's' }, sampleRunEvents().slice(0, 2), false));
    send({ kind: 'tab-closed', t: T0 + 9_000 });
    expect(getStream(store.capture.model.value, 's')?.end).toMatchObject({ reason: 'tab-closed' });
    expect(store.capture.health.value.tabClosed).toBe(true);
  });

  it('past the session cap without a core evictor, capture stops cleanly and says so', () => {
    const scheduler = createManualScheduler();
    const cap = createCaptureStore(createPanelCore(), scheduler, 'live');
    cap.setSessionCap(4_000);
    const big = 'data: {"type":"RAW","event":"' + 'z'.repeat(1_000) + '"}\n\n';
    for (const m of relayStream({ streamId: 'a' }, [big, big, big, big, big], false)) cap.receive(m);
    for (const m of relayStream({ streamId: 'b' }, [big], true)) cap.receive(m);
    cap.flush();
    const h = cap.health.value;
    expect(h.session).toMatchObject({ stopped: true, skippedStreams: 1 });
    expect(getStream(cap.model.value, 'a')?.end).toMatchObject({ reason: 'capture-truncated' });
    expect(getStream(cap.model.value, 'b')).toBeUndefined();
    expect(lossLines(h)).toContain('capture stopped at the 4 kB session cap: 1 stream(s) not recorded');
  });

  it('past the session cap, the core evicts the oldest whole runs and health says how many', () => {
    const cap = createCaptureStore(createPanelCore(), createManualScheduler(), 'live');
    cap.setSessionCap(100_000);
    const big = 'data: {"type":"RAW","event":"' + 'z'.repeat(1_000) + '"}\n\n';
    for (let i = 0; i < 12; i++) for (const m of relayStream({ streamId: `s${i}` }, [big, big, big])) cap.receive(m);
    cap.flush();
    const h = cap.health.value;
    expect(h.session.stopped).toBe(false);
    expect(h.session.evictedRuns).toBeGreaterThan(0);
    expect(h.session.bytes).toBeLessThanOrEqual(100_000);
    const left = cap.model.value.streams.map((s) => s.info.streamId);
    expect(left).toEqual(Array.from({ length: 12 }, (_, i) => `s${i}`).slice(12 - left.length)); // the newest stay
    expect(lossLines(h)).toContain(`${h.session.evictedRuns} older runs evicted: 98 kB session cap`);
  });
});
