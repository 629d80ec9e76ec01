import { describe, expect, it } from 'vitest';
import { envelope, PANEL_PORT_PREFIX, RELAY_PORT_NAME, type RelayMessage } from './messages.js';
import { startRelay } from './relay.js';
import { chunkBytes } from './chunk-bytes.js';
import { chunk, fakeWin, handshake, open, ORIGIN, tapPort, tick, world } from './relay-world.test-helper.js';

describe('relay + router', () => {
  it('takes the tap port from a same-window handshake and hides it from later listeners', () => {
    const w = world();
    const { relay, stopped } = w.startTabRelay(1);
    expect(stopped).toBe(true);
    expect(relay.stats().hasTap).toBe(true);
  });

  it('rejects handshakes from another window or without the tag, and keeps only the first', () => {
    const w = world();
    const win = fakeWin();
    const self = {};
    const relay = startRelay({
      win,
      self,
      connect: () => w.connectAs(RELAY_PORT_NAME, { tab: { id: 1 } }),
      docUrl: 'x',
      top: true,
      now: () => 0,
      randomId: () => 'd',
    });
    win.dispatch({ source: {}, data: handshake, ports: [tapPort()] });
    win.dispatch({ source: self, data: { ...handshake, source: 'evil' }, ports: [tapPort()] });
    win.dispatch({ source: self, data: { ...handshake, nonce: 'short' }, ports: [tapPort()] });
    expect(relay.stats().hasTap).toBe(false);
    const first = tapPort();
    win.dispatch({ source: self, data: handshake, ports: [first] });
    const second = tapPort();
    win.dispatch({ source: self, data: handshake, ports: [second] });
    expect(second.onmessage).toBeNull();
    expect(first.onmessage).not.toBeNull();
  });

  it('replays the buffer on hello, then forwards live; the panel gets base64 chunks', async () => {
    const w = world();
    const { port } = w.startTabRelay(7);
    port.send(open('s1'));
    port.send(chunk('s1', 1, 'data: 1\n\n'));
    const p = w.panel(7);
    await tick();
    port.send(chunk('s1', 2, 'data: 2\n\n'));
    await tick();
    const kinds = p.got.map((m) => m.kind);
    expect(kinds).toEqual([
      'replay-start',
      'navigated',
      'stream-open',
      'stream-chunk',
      'replay-end',
      'buffer-state',
      'stream-chunk',
    ]);
    expect(
      p.got
        .filter((m) => m.kind === 'stream-chunk')
        .map((m) => m.kind === 'stream-chunk' && new TextDecoder().decode(chunkBytes(m))),
    ).toEqual(['data: 1\n\n', 'data: 2\n\n']);
  });

  it("never routes one tab's data to another tab's panel", async () => {
    const w = world();
    const a = w.startTabRelay(1);
    const b = w.startTabRelay(2);
    const pa = w.panel(1);
    const pb = w.panel(2);
    a.port.send(open('from-tab-1'));
    b.port.send(open('from-tab-2'));
    await tick();
    const ids = (got: RelayMessage[]) => got.flatMap((m) => (m.kind === 'stream-open' ? [m.streamId] : []));
    expect(ids(pa.got)).toEqual(['from-tab-1']);
    expect(ids(pb.got)).toEqual(['from-tab-2']);
  });

  it('drops forged and oversized tap messages', async () => {
    const w = world();
    const { port, relay } = w.startTabRelay(1);
    port.send({ kind: 'stream-open', streamId: 'x' });
    port.send({ ...chunk('s', 1, ''), bytes: new Uint8Array(600 * 1024) });
    port.send({ kind: 'navigated', docId: 'fake', url: 'x', t: 1, top: true });
    port.send('data: {"type":"RUN_STARTED"}');
    expect(relay.stats()).toMatchObject({ rejected: 4, buffered: 1 });
  });

  it('bounds the buffer, dropping the oldest, and reports the dropped count', async () => {
    const w = world({ maxMessages: 3 });
    const { port } = w.startTabRelay(1);
    for (let i = 1; i <= 5; i++) port.send(chunk('s', i, `c${i}`));
    const p = w.panel(1);
    await tick();
    expect(p.got.filter((m) => m.kind === 'stream-chunk').map((m) => m.kind === 'stream-chunk' && m.seq)).toEqual([
      3, 4, 5,
    ]);
    expect(p.got.find((m) => m.kind === 'buffer-state')).toMatchObject({ buffered: 3, dropped: 3 });
  });

  it('refuses panel ports from outside the extension and relay ports without a tab', async () => {
    const w = world();
    w.connectAs(`${PANEL_PORT_PREFIX}1`, { url: 'https://evil.test/', tab: { id: 9 } });
    w.connectAs(RELAY_PORT_NAME, { url: `${ORIGIN}x.html` });
    await tick();
    expect(w.router.stats()).toEqual({ tabs: 0, relays: 0, panels: 0 });
  });

  it("replays to the panel that said hello only: a second panel's arrival repeats nothing to the first", async () => {
    const w = world();
    const { port } = w.startTabRelay(3);
    port.send(open('s'));
    port.send(chunk('s', 1, 'data: 1\n\n'));
    const p = w.panel(3);
    await tick();
    expect(p.got.filter((m) => m.kind === 'stream-chunk')).toHaveLength(1);
    const q = w.panel(3);
    await tick();
    expect(p.got.filter((m) => m.kind === 'stream-chunk')).toHaveLength(1);
    expect(p.got.filter((m) => m.kind === 'navigated')).toHaveLength(1);
    expect(p.got.filter((m) => m.kind === 'replay-start')).toHaveLength(1);
    expect(q.got.filter((m) => m.kind === 'stream-chunk')).toHaveLength(1);
    port.send(chunk('s', 2, 'data: 2\n\n'));
    await tick();
    expect([p, q].map((x) => x.got.filter((m) => m.kind === 'stream-chunk').length)).toEqual([2, 2]);
  });

  it('asks the tab to reconnect when a panel arrives and no relay is connected', () => {
    const w = world();
    w.panel(4);
    expect(w.nudged).toEqual([4]);
  });

  it('panels receive nothing forged: a relay port message with a bad envelope is not forwarded', async () => {
    const w = world();
    const relayPort = w.connectAs(RELAY_PORT_NAME, { tab: { id: 5 } });
    const p = w.panel(5);
    await tick();
    relayPort.postMessage({ source: 'evil', v: 1, msg: { kind: 'replay-end' } });
    relayPort.postMessage(envelope({ kind: 'stream-open', streamId: 1 }));
    relayPort.postMessage(envelope({ kind: 'replay-end' }));
    await tick();
    expect(p.got.map((m) => m.kind)).toEqual(['replay-end']);
  });

  it('stops forwarding live when the last panel leaves, and clear-buffer empties the buffer', async () => {
    const w = world();
    const { port, relay } = w.startTabRelay(6);
    const p = w.panel(6);
    await tick();
    expect(relay.stats().live).toBe(true);
    p.t.close();
    await tick();
    expect(relay.stats().live).toBe(false);
    port.send(open('after'));
    expect(relay.stats().buffered).toBe(2);
    const q = w.panel(6);
    await tick();
    q.t.send({ kind: 'clear-buffer' });
    await tick();
    expect(relay.stats().buffered).toBe(0);
    expect(q.got.at(-1)).toMatchObject({ kind: 'buffer-state', buffered: 0, dropped: 0 });
  });
});
