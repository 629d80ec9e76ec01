// In-memory stand-ins for tests and the e2e harness: a runtime.Port pair that behaves
// like Chrome's (asynchronous, JSON-serialised or, as with the manifest's
// `message_serialization: structured_clone`, structured-cloned; onDisconnect fires on the
// other side only), and a PanelTransport the harness drives by hand.
import type { PanelMessage, RelayMessage } from './messages.js';
import type { PanelTransport, PortLike, PortSender } from './transport.js';

type Listener<A extends unknown[]> = (...args: A) => void;

class MemoryPort implements PortLike {
  peer: MemoryPort | undefined;
  disconnected = false;
  private readonly msgL: Listener<[unknown, PortLike]>[] = [];
  private readonly discL: Listener<[PortLike]>[] = [];
  readonly onMessage = { addListener: (fn: Listener<[unknown, PortLike]>): void => void this.msgL.push(fn) };
  readonly onDisconnect = { addListener: (fn: Listener<[PortLike]>): void => void this.discL.push(fn) };

  constructor(
    readonly name: string,
    readonly sender?: PortSender,
    private readonly clone: boolean = false,
  ) {}

  postMessage(msg: unknown): void {
    if (this.disconnected) throw new Error('Attempting to use a disconnected port object');
    const copy: unknown = this.clone ? structuredClone(msg) : JSON.parse(JSON.stringify(msg));
    const peer = this.peer;
    queueMicrotask(() => {
      if (peer && !peer.disconnected) for (const l of peer.msgL) l(copy, peer);
    });
  }

  disconnect(): void {
    if (this.disconnected) return;
    this.disconnected = true;
    const peer = this.peer;
    queueMicrotask(() => {
      if (!peer || peer.disconnected) return;
      peer.disconnected = true;
      for (const l of peer.discL) l(peer);
    });
  }
}

/** Two connected ends; `b` is what the receiving side (router) sees, with `sender`. */
export function createMemoryPortPair(
  name: string,
  sender?: PortSender,
  serialization: 'json' | 'structured_clone' = 'json',
): { a: MemoryPort; b: MemoryPort } {
  const clone = serialization === 'structured_clone';
  const a = new MemoryPort(name, undefined, clone);
  const b = new MemoryPort(name, sender, clone);
  a.peer = b;
  b.peer = a;
  return { a, b };
}

export interface MemoryTransport extends PanelTransport {
  /** Deliver a message to subscribers as if it came from the page. */
  deliver(msg: RelayMessage): void;
  setConnected(connected: boolean): void;
  readonly sent: readonly PanelMessage[];
}

export function createMemoryTransport(connected = true): MemoryTransport {
  const listeners = new Set<(msg: RelayMessage) => void>();
  const connListeners = new Set<(c: boolean) => void>();
  const sent: PanelMessage[] = [];
  let state = connected;
  return {
    sent,
    send: (msg) => void sent.push(msg),
    subscribe(l) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    onConnection(l) {
      connListeners.add(l);
      l(state);
      return () => void connListeners.delete(l);
    },
    close() {
      listeners.clear();
      connListeners.clear();
    },
    deliver(msg) {
      for (const l of [...listeners]) l(msg);
    },
    setConnected(c) {
      state = c;
      for (const l of [...connListeners]) l(c);
    },
  };
}
