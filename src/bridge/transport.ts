// The panel's view of the capture path. Real implementations wrap a runtime.Port with
// reconnect (./port-transport.ts); tests and the e2e harness use ./memory-transport.ts.
import type { PanelMessage, RelayMessage } from './messages.js';

export interface PanelTransport {
  send(msg: PanelMessage): void;
  /** Validated messages from the page side, in order. Returns an unsubscribe function. */
  subscribe(listener: (msg: RelayMessage) => void): () => void;
  /** Connected / disconnected (e.g. service worker restarted). Called with the current state at once. */
  onConnection(listener: (connected: boolean) => void): () => void;
  close(): void;
}

/**
 * The part of chrome.runtime.Port the bridge uses, so relay, router and transports run
 * over in-memory ports in tests. Messages are JSON-serialised by Chrome: send no bytes.
 */
export interface PortLike {
  readonly name: string;
  readonly sender?: PortSender;
  postMessage(msg: unknown): void;
  disconnect(): void;
  readonly onMessage: { addListener(fn: (msg: unknown, port: PortLike) => void): void };
  readonly onDisconnect: { addListener(fn: (port: PortLike) => void): void };
}

export interface PortSender {
  readonly tab?: { readonly id?: number };
  readonly frameId?: number;
  readonly url?: string;
}
