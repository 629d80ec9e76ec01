import { describe, expect, it } from 'vitest';
import type { RelayMessage, TapWireMessage } from './messages.js';
import { chunk, open, tick, world } from './relay-world.test-helper.js';

const NOW = 1_764_700_000_000;
const esOpen = (streamId: string): TapWireMessage => ({
  ...(open(streamId) as Extract<TapWireMessage, { kind: 'stream-open' }>),
  transport: 'eventsource',
  encoding: 'eventsource',
  t: NOW,
});
const esMsg = (streamId: string, seq: number, data: string): TapWireMessage => ({
  kind: 'stream-message',
  streamId,
  seq,
  t: NOW,
  event: 'message',
  data,
  lastEventId: '',
});
const of = <K extends RelayMessage['kind']>(got: RelayMessage[], kind: K) =>
  got.filter((m): m is Extract<RelayMessage, { kind: K }> => m.kind === kind);

describe('relay: loss, caps, dead streams, sanitising', () => {
  it('30,000 tiny streams through a live panel: the small buffer evicts, yet nothing counts as lost', async () => {
    const w = world({ maxMessages: 500, now: () => NOW });
    const { port } = w.startTabRelay(1);
    const p = w.panel(1);
    await tick();
    for (let i = 0; i < 30_000; i++) {
      port.send({ ...open(`s${i}`), t: NOW });
      port.send({ ...chunk(`s${i}`, 1, 'data: {}\n\n'), t: NOW });
      port.send({ kind: 'stream-end', streamId: `s${i}`, seq: 2, t: NOW, reason: 'complete' });
    }
    await tick();
    expect(of(p.got, 'stream-open')).toHaveLength(30_000);
    // A second panel arrives: the replay is bounded, and the eviction before it was no loss.
    const q = w.panel(1);
    await tick();
    expect(of(q.got, 'buffer-state').at(-1)).toMatchObject({ buffered: 500, dropped: 0, droppedBytes: 0 });
  }, 60_000); // 90,000 messages through the relay and its buffer: 20 s on a loaded 2-core machine

  it('keeps a small buffer until a panel first connects, and counts what it really lost', async () => {
    const w = world({ idleBytes: 2_000, maxBytes: 1e9, now: () => NOW });
    const { port, relay } = w.startTabRelay(1);
    for (let i = 1; i <= 100; i++) port.send({ ...chunk('s', i, 'x'.repeat(100)), t: NOW });
    expect(relay.stats().bytes).toBeLessThanOrEqual(2_000);
    const lostBefore = relay.stats().lost;
    expect(lostBefore).toBeGreaterThan(80);
    const p = w.panel(1);
    await tick();
    expect(of(p.got, 'buffer-state').at(-1)).toMatchObject({ dropped: lostBefore });
    for (let i = 101; i <= 200; i++) port.send({ ...chunk('s', i, 'x'.repeat(100)), t: NOW });
    expect(relay.stats()).toMatchObject({ buffered: relay.stats().buffered, lost: lostBefore });
    expect(relay.stats().buffered).toBeGreaterThan(100); // the cap rose once a panel connected
  });

  it('caps an EventSource stream by bytes: ends it "capture-truncated" once and drops the rest', async () => {
    const w = world({ streamBytes: 100, now: () => NOW });
    const { port } = w.startTabRelay(1);
    const p = w.panel(1);
    await tick();
    port.send(esOpen('es'));
    for (let i = 1; i <= 5; i++) port.send(esMsg('es', i, 'y'.repeat(40)));
    port.send({ kind: 'stream-end', streamId: 'es', seq: 6, t: NOW, reason: 'closed' });
    await tick();
    expect(of(p.got, 'stream-message').map((m) => m.seq)).toEqual([1, 2]);
    expect(of(p.got, 'stream-end')).toEqual([
      {
        kind: 'stream-end',
        streamId: 'es',
        seq: 3,
        t: NOW,
        reason: 'capture-truncated',
        error: 'capture stopped at 100 B',
      },
    ]);
  });

  it('ends the streams still open when the document goes away ("navigated")', async () => {
    // The router holds such ends for a moment (the tab may be closing): here, no wait.
    const w = world({ now: () => NOW, router: { setTimer: (fn) => setTimeout(fn, 0) } });
    const { port, win } = w.startTabRelay(1);
    const p = w.panel(1);
    await tick();
    port.send(esOpen('open'));
    port.send(esMsg('open', 1, 'a'));
    port.send(esOpen('done'));
    port.send({ kind: 'stream-end', streamId: 'done', seq: 1, t: NOW, reason: 'complete' });
    win.pagehide();
    await tick();
    await tick();
    expect(of(p.got, 'stream-end').map((m) => [m.streamId, m.seq, m.reason])).toEqual([
      ['done', 1, 'complete'],
      ['open', 2, 'navigated'],
    ]);
  });

  it('sanitises page-claimed values: far-off timestamps, bad URLs, header maps, ids', async () => {
    const w = world({ now: () => NOW });
    const { port, relay } = w.startTabRelay(1);
    const p = w.panel(1);
    await tick();
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'bad name': 'x',
      big: 'z'.repeat(16 * 1024),
    };
    for (let i = 0; i < 5; i++) headers[`h${i}`] = 'v'.repeat(15 * 1024);
    port.send({ ...esOpen('s1'), t: -1e300, url: 'http://[::1', requestHeaders: headers });
    port.send({ ...esMsg('s1', 1, 'a'), t: NOW + 3_600_000 });
    port.send({ ...esMsg('s1', 2, 'b'), t: NOW - 600_000 }); // held while a request body was read: kept
    port.send({ ...esOpen('../../etc'), url: '/relative?q=1' });
    await tick();
    const [o] = of(p.got, 'stream-open');
    expect(o?.t).toBe(NOW);
    expect(o?.url).toBe('(unparseable URL)');
    expect(Object.keys(o?.requestHeaders ?? {})).not.toContain('bad name');
    const kept = Object.entries(o?.requestHeaders ?? {}).reduce((n, [k, v]) => n + k.length + v.length, 0);
    expect(kept).toBeLessThanOrEqual(64 * 1024 + 200);
    expect(o?.requestHeaders['x-agui-inspector-note']).toMatch(/header\(s\) dropped/);
    expect(of(p.got, 'stream-message').map((m) => m.t)).toEqual([NOW, NOW - 600_000]);
    expect(of(p.got, 'stream-open')).toHaveLength(1); // the id with '/' was refused
    expect(relay.stats().rejected).toBe(1);
  });

  it('resolves a relative stream URL against the document', async () => {
    const w = world({ now: () => NOW });
    const { port } = w.startTabRelay(1);
    const p = w.panel(1);
    await tick();
    port.send({ ...esOpen('s1'), url: '/agent?x=1' });
    await tick();
    expect(of(p.got, 'stream-open')[0]?.url).toBe('https://a.test/agent?x=1');
  });
});
