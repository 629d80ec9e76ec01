// A tab in memory for the bridge tests: the router, relays with a fake window and tap
// port, and panels over port transports, all on memory ports (asynchronous, JSON-copied).
import { PROTOCOL_VERSION, RELAY_PORT_NAME, SOURCE, type RelayMessage, type TapWireMessage } from './messages.js';
import { createMemoryPortPair } from './memory-transport.js';
import { startRelay, type MessagePortLike, type RelayDeps, type WindowMessageLike } from './relay.js';
import { startRouter, type RouterDeps } from './router.js';
import { createPortTransport } from './port-transport.js';
import type { PortLike } from './transport.js';

export const ORIGIN = 'chrome-extension://abc/';
export { tick } from '../../test/tick.test-helper.js';

export function fakeWin() {
  const listeners = new Set<(e: WindowMessageLike) => void>();
  const hide = new Set<(e: WindowMessageLike) => void>();
  const of = (t: 'message' | 'pagehide') => (t === 'message' ? listeners : hide);
  return {
    listeners,
    addEventListener: (t: 'message' | 'pagehide', fn: (e: WindowMessageLike) => void) => void of(t).add(fn),
    removeEventListener: (t: 'message' | 'pagehide', fn: (e: WindowMessageLike) => void) => void of(t).delete(fn),
    dispatch(e: Omit<WindowMessageLike, 'stopImmediatePropagation'>) {
      let stopped = false;
      for (const l of [...listeners]) l({ ...e, stopImmediatePropagation: () => void (stopped = true) });
      return stopped;
    },
    pagehide() {
      for (const l of [...hide]) l({ source: null, data: null, ports: [], stopImmediatePropagation: () => undefined });
    },
  };
}

export function tapPort(): MessagePortLike & { send(d: unknown): void } {
  const p = {
    onmessage: null as ((e: { data: unknown }) => void) | null,
    close() {},
    send(d: unknown) {
      p.onmessage?.({ data: d });
    },
  };
  return p;
}

/** A tap port that also records what the relay sends back (acknowledgements, relay-blobs). */
export function answeringTapPort(): MessagePortLike & { send(d: unknown): void; readonly back: unknown[] } {
  const back: unknown[] = [];
  return Object.assign(tapPort(), { back, postMessage: (m: unknown) => void back.push(m) });
}

export const handshake = { source: SOURCE, v: PROTOCOL_VERSION, kind: 'tap-port', nonce: '0123456789abcdef0123' };
export const open = (streamId: string): TapWireMessage => ({
  kind: 'stream-open',
  streamId,
  seq: 0,
  t: 1,
  transport: 'fetch',
  encoding: 'sse',
  url: 'https://a.test/run',
  method: 'POST',
  requestHeaders: {},
  status: 200,
  contentType: 'text/event-stream',
  frameUrl: 'https://a.test/',
});
export const chunk = (streamId: string, seq: number, text: string): TapWireMessage => ({
  kind: 'stream-chunk',
  streamId,
  seq,
  t: 2,
  bytes: new TextEncoder().encode(text),
});

/** A chunk of raw bytes from the tap, and a clean stream end. */
export const rawChunk = (streamId: string, seq: number, bytes: Uint8Array): TapWireMessage => ({
  kind: 'stream-chunk',
  streamId,
  seq,
  t: 5,
  bytes,
});
export const streamEnd = (streamId: string, seq: number): TapWireMessage => ({
  kind: 'stream-end',
  streamId,
  seq,
  t: 5,
  reason: 'complete',
});

export type WorldOptions = Partial<
  Pick<RelayDeps, 'maxMessages' | 'idleBytes' | 'maxBytes' | 'streamBytes' | 'now' | 'later' | 'top' | 'tapBlobBytes'>
> & {
  readonly router?: Partial<RouterDeps>;
  /** Runtime ports that structure-clone (the manifest's message_serialization) instead of JSON. */
  readonly serialization?: 'json' | 'structured_clone';
};

/** A tab with one relay and the router; returns helpers to add panels. */
export function world(opts: WorldOptions = {}) {
  const { router: routerOpts, serialization, ...relayOpts } = opts;
  const connectHandlers: ((p: PortLike) => void)[] = [];
  const nudged: number[] = [];
  const router = startRouter({
    onConnect: (fn) => void connectHandlers.push(fn),
    extensionOrigin: ORIGIN,
    nudgeTab: (t) => void nudged.push(t),
    ...routerOpts,
  });
  const connectAs = (name: string, sender: PortLike['sender']): PortLike => {
    const { a, b } = createMemoryPortPair(name, sender, serialization);
    for (const h of connectHandlers) h(b);
    return a;
  };
  const startTabRelay = <P extends MessagePortLike & { send(d: unknown): void }>(tabId: number, port?: P) => {
    const win = fakeWin();
    const self = {};
    const relay = startRelay({
      win,
      self,
      connect: () => connectAs(RELAY_PORT_NAME, { tab: { id: tabId }, url: 'https://a.test/' }),
      docUrl: 'https://a.test/',
      top: true,
      now: () => 5,
      randomId: () => `doc-${tabId}`,
      ...relayOpts,
    });
    const tap = port ?? (tapPort() as P);
    const stopped = win.dispatch({ source: self, data: handshake, ports: [tap] });
    return { win, self, relay, port: tap, stopped };
  };
  let panels = 0;
  const panel = (tabId: number) => {
    const got: RelayMessage[] = [];
    const t = createPortTransport((name) => connectAs(name, { url: `${ORIGIN}panel.html` }), tabId, {
      panelId: `p${tabId}-${++panels}`,
    });
    t.subscribe((m) => got.push(m));
    return { t, got };
  };
  /** Like the DevTools page before the AG-UI panel is shown: connected, no hello yet. */
  const quietPanel = (tabId: number) => {
    const got: RelayMessage[] = [];
    const t = createPortTransport((name) => connectAs(name, { url: `${ORIGIN}devtools.html` }), tabId, {
      panelId: `q${tabId}-${++panels}`,
      active: false,
    });
    t.subscribe((m) => got.push(m));
    return { t, got };
  };
  return { router, startTabRelay, panel, quietPanel, connectAs, nudged };
}

/** An EventSource stream-open with a given URL (what the router matches worker streams against). */
export const esOpenAt = (streamId: string, url: string): TapWireMessage => ({
  ...(open(streamId) as Extract<TapWireMessage, { kind: 'stream-open' }>),
  transport: 'eventsource',
  encoding: 'eventsource',
  url,
});
