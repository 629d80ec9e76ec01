import { describe, expect, it } from 'vitest';
import type { RelayMessage } from './messages.js';
import { esOpenAt, tick, world } from './relay-world.test-helper.js';

function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  return {
    setTimer: (fn: () => void) => (pending.set(++next, fn), next),
    clearTimer: (h: unknown) => void pending.delete(h as number),
    fireAll: () => {
      const fns = [...pending.values()];
      pending.clear();
      for (const f of fns) f();
    },
  };
}

const kinds = (got: RelayMessage[]) => got.map((m) => m.kind);

describe('router: what only the service worker knows', () => {
  it('tells the panels of a tab that it closed, and only them', async () => {
    let removed: ((tabId: number) => void) | undefined;
    const w = world({ router: { onTabRemoved: (fn) => void (removed = fn), now: () => 42 } });
    const a = w.panel(1);
    const b = w.panel(2);
    await tick();
    removed?.(1);
    await tick();
    expect(a.got.filter((m) => m.kind === 'tab-closed')).toEqual([{ kind: 'tab-closed', t: 42 }]);
    expect(kinds(b.got)).not.toContain('tab-closed');
  });

  it('ends a closing tab\'s documents report as "navigated" reach the panel as "tab-closed", in either order', async () => {
    const timers = manualTimers();
    let removed: ((tabId: number) => void) | undefined;
    const w = world({ router: { ...timers, onTabRemoved: (fn) => void (removed = fn) } });
    const { port, win } = w.startTabRelay(1);
    const p = w.panel(1);
    await tick();
    port.send(esOpenAt('a', 'https://a.test/a'));
    port.send(esOpenAt('b', 'https://a.test/b'));
    await tick();
    // One end arrives before Chrome reports the removal, one after (a second document).
    port.send({ kind: 'stream-end', streamId: 'a', seq: 1, t: 1, reason: 'navigated' });
    await tick();
    removed?.(1);
    win.pagehide(); // 'b' is still open: the relay ends it 'navigated'
    await tick();
    const ends = p.got.flatMap((m) => (m.kind === 'stream-end' ? [[m.streamId, m.reason]] : []));
    expect(ends).toEqual([
      ['a', 'tab-closed'],
      ['b', 'tab-closed'],
    ]);
  });

  it('a plain navigation\'s ends pass as "navigated" once the window has passed', async () => {
    const timers = manualTimers();
    const w = world({ router: { ...timers } });
    const { port, win } = w.startTabRelay(1);
    const p = w.panel(1);
    await tick();
    port.send(esOpenAt('a', 'https://a.test/a'));
    win.pagehide();
    await tick();
    expect(p.got.filter((m) => m.kind === 'stream-end')).toEqual([]);
    timers.fireAll();
    await tick();
    expect(p.got.flatMap((m) => (m.kind === 'stream-end' ? [m.reason] : []))).toEqual(['navigated']);
  });

  it('a quiet DevTools page (no hello) gets no replay and no live flow; a new document does not wake it', async () => {
    const w = world();
    const { port } = w.startTabRelay(1);
    const quiet = w.quietPanel(1);
    await tick();
    port.send(esOpenAt('s', 'https://a.test/s'));
    w.startTabRelay(1); // a new document of the tab
    await tick();
    expect(quiet.got).toEqual([]);
    quiet.t.activate();
    await tick();
    expect(quiet.got.filter((m) => m.kind === 'stream-open')).toHaveLength(1);
    expect(quiet.got.filter((m) => m.kind === 'replay-start')).toHaveLength(2);
  });

  it('a panel that connects to a tab that no longer exists hears "tab closed"', async () => {
    const w = world({ router: { tabExists: (id) => Promise.resolve(id !== 9), now: () => 1 } });
    const gone = w.panel(9);
    const alive = w.panel(8);
    await tick();
    await tick();
    expect(kinds(gone.got)).toContain('tab-closed');
    expect(kinds(alive.got)).not.toContain('tab-closed');
  });

  it('reports an event stream webRequest saw and the tap never did (a worker), not one the tap reported', async () => {
    const timers = manualTimers();
    const w = world({ router: { ...timers, now: () => 0 } });
    const { port } = w.startTabRelay(1);
    const p = w.panel(1);
    await tick();
    // The tap's report first, then the network's; and the other way round.
    port.send(esOpenAt('page-1', 'https://a.test/sse?a'));
    await tick();
    w.router.networkStream({ url: 'https://a.test/sse?a', tabId: 1 });
    w.router.networkStream({ url: 'https://a.test/sse?b', tabId: 1 });
    port.send(esOpenAt('page-2', 'https://a.test/sse?b'));
    await tick();
    w.router.networkStream({ url: 'https://a.test/worker-sse', tabId: 1 });
    timers.fireAll();
    await tick();
    expect(p.got.filter((m) => m.kind === 'worker-stream').map((m) => m.kind === 'worker-stream' && m.url)).toEqual([
      'https://a.test/worker-sse',
    ]);
  });

  it('attributes a shared or service worker stream (no tab) to the tabs showing its origin', async () => {
    const timers = manualTimers();
    const w = world({ router: { ...timers } });
    w.startTabRelay(1); // https://a.test
    const p = w.panel(1);
    await tick();
    w.router.networkStream({ url: 'https://a.test/sw-sse', origin: 'https://a.test' });
    w.router.networkStream({ url: 'https://b.test/sse', origin: 'https://b.test' });
    timers.fireAll();
    await tick();
    expect(p.got.filter((m) => m.kind === 'worker-stream').map((m) => m.kind === 'worker-stream' && m.url)).toEqual([
      'https://a.test/sw-sse',
    ]);
  });
});
