// PanelTransport over a runtime.Port named `agui-panel:<tabId>`. The service worker can
// die at any time (MV3), taking the port with it: we reconnect with exponential backoff.
// This is the only place that says hello: once per connection, so each relay replays its
// buffer once per connection; the panel's one de-duplicator (the capture store) drops
// what it already has.
import { envelope, PANEL_PORT_PREFIX, randomId, type PanelMessage, type RelayMessage } from './messages.js';
import { isEnvelope, isRelayMessage } from './guards.js';
import type { PanelTransport, PortLike } from './transport.js';
import { createChunkBlobExpander } from './chunk-blob-expander.js';

export interface PortTransportOptions {
  readonly minDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
  /** Names this panel in its hello (the router sends the replay it asks for to it alone). */
  readonly panelId?: string;
  /**
   * false: connect but stay quiet (no hello, so no replay and no live flow) until
   * activate(). The DevTools page uses this until the AG-UI panel is first shown: with
   * DevTools open on another panel nothing streams into the extension process, and the
   * relays keep the page's recent history for the first hello.
   */
  readonly active?: boolean;
  /**
   * false: hand ChunkBlobs on as they arrive instead of reading them into chunks. The
   * DevTools page keeps them so until the panel is shown (./devtools-handoff.ts): their
   * bytes stay in the browser's Blob storage, not in the extension's heap.
   */
  readonly expandBlobs?: boolean;
}

export interface PortTransport extends PanelTransport {
  /** Start saying hello (now, and on every later connection). */
  activate(): void;
}

export function createPortTransport(
  connect: (name: string) => PortLike,
  tabId: number,
  opts: PortTransportOptions = {},
): PortTransport {
  const minDelay = opts.minDelayMs ?? 100;
  const maxDelay = opts.maxDelayMs ?? 5_000;
  const setTimer = opts.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const listeners = new Set<(msg: RelayMessage) => void>();
  const connListeners = new Set<(c: boolean) => void>();
  const panelId = opts.panelId ?? `panel-${randomId(crypto)}`;
  let active = opts.active ?? true;
  let port: PortLike | undefined;
  let connected = false;
  let closed = false;
  let delay = minDelay;
  let timer: unknown;
  // ChunkBlobs are read back into chunks here, in order, unless the owner keeps them raw.
  const deliver = (msg: RelayMessage): void => {
    for (const l of [...listeners]) l(msg);
  };
  const expander =
    opts.expandBlobs === false ? { push: deliver, close: () => undefined } : createChunkBlobExpander(deliver);

  const setConnected = (c: boolean): void => {
    if (c === connected) return;
    connected = c;
    for (const l of [...connListeners]) l(c);
  };

  const retry = (): void => {
    if (closed || timer !== undefined) return;
    timer = setTimer(() => {
      timer = undefined;
      open();
    }, delay);
    delay = Math.min(delay * 2, maxDelay);
  };

  const lost = (p: PortLike): void => {
    if (p !== port) return;
    port = undefined;
    setConnected(false);
    retry();
  };

  function open(): void {
    if (closed) return;
    let p: PortLike;
    try {
      p = connect(`${PANEL_PORT_PREFIX}${tabId}`);
    } catch {
      retry(); // extension context gone or reloading
      return;
    }
    port = p;
    p.onMessage.addListener((raw) => {
      delay = minDelay; // a message means the pipe works end to end
      if (!isEnvelope(raw, isRelayMessage)) return;
      expander.push(raw.msg);
    });
    p.onDisconnect.addListener(() => lost(p));
    setConnected(true);
    if (active) post({ kind: 'hello', panelId });
  }

  function post(msg: PanelMessage): void {
    const p = port;
    if (!p) return;
    try {
      p.postMessage(envelope(msg));
    } catch {
      lost(p);
    }
  }

  open();
  return {
    activate() {
      if (active) return;
      active = true;
      if (port) post({ kind: 'hello', panelId });
    },
    send(msg) {
      if (msg.kind !== 'hello') post(msg); // hello is ours alone, once per connection
    },
    subscribe(l) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    onConnection(l) {
      connListeners.add(l);
      l(connected);
      return () => void connListeners.delete(l);
    },
    close() {
      closed = true;
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      const p = port;
      port = undefined;
      p?.disconnect();
      setConnected(false);
      expander.close();
      listeners.clear();
      connListeners.clear();
    },
  };
}
