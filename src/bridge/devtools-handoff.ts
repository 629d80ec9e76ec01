// DevTools page → panel window hand-off. The DevTools page (extension/devtools.ts) opens
// the connection as soon as DevTools opens, says hello at once and keeps everything that
// arrives until the panel window loads (only when the user first shows it, maybe much
// later, with DevTools on another panel meanwhile), like the Network panel records from
// the moment DevTools opens. It keeps it raw: a ChunkBlob stays a Blob (its bytes in the
// browser's Blob storage, not in the extension's heap) and is read into chunks only when
// the panel takes it. The panel calls attachFromDevtools(window, deps) and gets a
// transport either way (the browser APIs come in deps, from extension/panel.ts):
//   - inside DevTools: the DevTools page's buffered transport (kept, then live);
//   - in a normal tab (pop-out, `panel.html?tabId=N`): its own port transport to tab N.
import type { PanelTransport, PortLike } from './transport.js';
import { LIMITS, type RelayMessage } from './messages.js';
import { createPortTransport } from './port-transport.js';
import { createChunkBlobExpander } from './chunk-blob-expander.js';
import { createRelayBuffer } from './relay-buffer.js';

/** The two slots on the panel window; either side may arrive first. */
interface HandoffSlots {
  __aguiTransport?: PanelTransport;
  __aguiAttach?: (t: PanelTransport) => void;
}

export interface BufferedTransportOptions {
  /** What is kept before the panel subscribes, by estimated bytes: the session cap. */
  readonly maxBytes?: number;
  /** Reads a kept Blob when the panel takes it (tests pass their own). */
  readonly readBlob?: (blob: Blob) => Promise<ArrayBuffer>;
}

/**
 * Wraps a transport that hands ChunkBlobs on raw (createPortTransport's `expandBlobs:
 * false`): messages received while nobody subscribes are kept in arrival order, bounded
 * by bytes (past the bound the oldest go first, counted, and the panel is told how many,
 * 'handoff-dropped', when it subscribes). Subscribers get ChunkBlobs read back into
 * chunks, in order. Pushing is O(1); nothing is copied or read per message.
 */
export function createBufferedTransport(inner: PanelTransport, opts: BufferedTransportOptions = {}): PanelTransport {
  const maxBytes = opts.maxBytes ?? LIMITS.sessionBytes;
  const listeners = new Set<(msg: RelayMessage) => void>();
  const expander = createChunkBlobExpander((msg) => {
    for (const l of [...listeners]) l(msg);
  }, opts.readBlob);
  // Nothing a panel has seen: every drop is a loss to report.
  const early = createRelayBuffer<RelayMessage>(Infinity, maxBytes);
  /** The backlog went to the subscribers: messages flow straight through. */
  let flowing = false;
  let handing = false;
  inner.subscribe((msg) => {
    if (flowing) expander.push(msg);
    else early.push(msg, false);
  });
  // A panel subscribes several listeners in one go (capture, replay): each gets the backlog.
  const handOver = (): void => {
    handing = false;
    if (listeners.size === 0) return;
    const backlog = early.items();
    const { lost, lostBytes } = early;
    early.clear();
    flowing = true;
    // Through the expander, so a kept Blob's chunks come before anything that follows it.
    if (lost > 0) expander.push({ kind: 'handoff-dropped', messages: lost, bytes: lostBytes });
    for (const msg of backlog) expander.push(msg);
  };
  return {
    send: (msg) => inner.send(msg),
    subscribe(l) {
      listeners.add(l);
      if (!flowing && !handing) {
        handing = true;
        queueMicrotask(handOver);
      }
      return () => {
        listeners.delete(l);
        if (listeners.size === 0) flowing = false; // keep again until the next subscriber
      };
    },
    onConnection: (l) => inner.onConnection(l),
    close: () => {
      expander.close();
      inner.close();
    },
  };
}

/** DevTools side: give the transport to the panel window (call on every onShown). */
export function offerTransport(panelWindow: object, transport: PanelTransport): void {
  const slots = panelWindow as HandoffSlots;
  if (typeof slots.__aguiAttach === 'function') slots.__aguiAttach(transport);
  else slots.__aguiTransport = transport;
}

export interface AttachDeps {
  /** devtools.inspectedWindow.tabId when running inside DevTools. */
  readonly devtoolsTabId?: number;
  readonly connect: (name: string) => PortLike;
}

/**
 * Panel side. Resolves with the transport and the inspected tab id; rejects when the
 * page is neither inside DevTools nor given `?tabId=N`.
 */
export function attachFromDevtools(
  win: Window,
  deps: AttachDeps,
): Promise<{ transport: PanelTransport; tabId: number }> {
  const param = new URLSearchParams(win.location.search).get('tabId');
  const popOutTab = param !== null && /^\d+$/.test(param) ? Number(param) : undefined;
  if (popOutTab !== undefined) {
    return Promise.resolve({ transport: createPortTransport(deps.connect, popOutTab), tabId: popOutTab });
  }
  const tabId = deps.devtoolsTabId;
  if (tabId === undefined) return Promise.reject(new Error('AG-UI panel: not in DevTools and no ?tabId=N'));
  const slots = win as unknown as HandoffSlots;
  return new Promise((resolve) => {
    let done = false;
    const take = (transport: PanelTransport): void => {
      if (done) return;
      done = true;
      resolve({ transport, tabId });
    };
    if (slots.__aguiTransport) take(slots.__aguiTransport);
    else slots.__aguiAttach = take;
  });
}
