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

/** The two slots on the panel window; either side may arrive first. */
interface HandoffSlots {
  __aguiTransport?: PanelTransport;
  __aguiAttach?: (t: PanelTransport) => void;
}

/** A cheap size estimate of one relayed message (the strings dominate). */
function messageBytes(m: RelayMessage): number {
  switch (m.kind) {
    case 'stream-chunk':
      return 96 + ('bytes' in m ? m.bytes.byteLength : 'text' in m ? m.text.length * 2 : m.base64.length);
    case 'chunk-blob':
      return 96 * m.parts.length + m.blob.size;
    case 'stream-message':
      return 128 + m.data.length + m.event.length;
    case 'stream-open':
      return 512 + m.url.length + (m.requestBody?.length ?? 0);
    default:
      return 256;
  }
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
  let early: ({ msg: RelayMessage; size: number } | undefined)[] = [];
  let head = 0;
  let bytes = 0;
  let dropped = 0;
  let droppedBytes = 0;
  /** The backlog went to the subscribers: messages flow straight through. */
  let flowing = false;
  let handing = false;
  inner.subscribe((msg) => {
    if (flowing) return expander.push(msg);
    const size = messageBytes(msg);
    early.push({ msg, size });
    bytes += size;
    while (bytes > maxBytes && early.length - head > 1) {
      const e = early[head] as { msg: RelayMessage; size: number };
      early[head++] = undefined;
      bytes -= e.size;
      dropped += e.msg.kind === 'chunk-blob' ? e.msg.parts.length : 1;
      droppedBytes += e.size;
    }
    if (head > 1024 && head * 2 > early.length) {
      early = early.slice(head);
      head = 0;
    }
  });
  // A panel subscribes several listeners in one go (capture, replay): each gets the backlog.
  const handOver = (): void => {
    handing = false;
    if (listeners.size === 0) return;
    const backlog = early;
    const from = head;
    early = [];
    head = 0;
    bytes = 0;
    flowing = true;
    // Through the expander, so a kept Blob's chunks come before anything that follows it.
    if (dropped > 0) expander.push({ kind: 'handoff-dropped', messages: dropped, bytes: droppedBytes });
    for (let i = from; i < backlog.length; i++) expander.push((backlog[i] as { msg: RelayMessage }).msg);
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
