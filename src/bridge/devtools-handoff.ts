// DevTools page → panel window hand-off. The DevTools page (extension/devtools.ts) opens
// the connection as soon as DevTools opens and buffers what arrives, because the panel
// window only loads when the user first shows it; the buffer also keeps what a reload
// would otherwise take with the old document's relay. The panel calls
// attachFromDevtools(window, deps) and gets a transport either way (the browser APIs come
// in deps, from extension/panel.ts):
//   - inside DevTools: the DevTools page's buffered transport (replayed, then live);
//   - in a normal tab (pop-out, `panel.html?tabId=N`): its own port transport to tab N.
import type { PanelTransport, PortLike } from './transport.js';
import { LIMITS, type RelayMessage } from './messages.js';
import { createPortTransport } from './port-transport.js';

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
      return 96 + m.blob.size;
    case 'stream-message':
      return 128 + m.data.length + m.event.length;
    case 'stream-open':
      return 512 + m.url.length + (m.requestBody?.length ?? 0);
    default:
      return 256;
  }
}

/**
 * Wraps a transport so messages received before anyone subscribes are kept in a ring
 * bounded by bytes: the oldest go first, counted, and the panel is told how many
 * ('handoff-dropped') when it subscribes. Pushing is O(1); nothing is copied per message.
 */
export function createBufferedTransport(
  inner: PanelTransport,
  maxBytes: number = LIMITS.handoffBytes,
  onFirstSubscribe?: () => void,
): PanelTransport {
  let subscribed = false;
  const listeners = new Set<(msg: RelayMessage) => void>();
  let early: ({ msg: RelayMessage; size: number } | undefined)[] = [];
  let head = 0;
  let bytes = 0;
  let dropped = 0;
  let droppedBytes = 0;
  inner.subscribe((msg) => {
    if (listeners.size > 0) {
      for (const l of [...listeners]) l(msg);
      return;
    }
    const size = messageBytes(msg);
    early.push({ msg, size });
    bytes += size;
    while (bytes > maxBytes && early.length - head > 1) {
      const e = early[head] as { msg: RelayMessage; size: number };
      early[head++] = undefined;
      bytes -= e.size;
      dropped++;
      droppedBytes += e.size;
    }
    if (head > 1024 && head * 2 > early.length) {
      early = early.slice(head);
      head = 0;
    }
  });
  return {
    send: (msg) => inner.send(msg),
    subscribe(l) {
      const backlog = early;
      const from = head;
      early = [];
      head = 0;
      bytes = 0;
      if (dropped > 0) l({ kind: 'handoff-dropped', messages: dropped, bytes: droppedBytes });
      for (let i = from; i < backlog.length; i++) l((backlog[i] as { msg: RelayMessage }).msg);
      listeners.add(l);
      if (!subscribed) {
        subscribed = true;
        onFirstSubscribe?.();
      }
      return () => void listeners.delete(l);
    },
    onConnection: (l) => inner.onConnection(l),
    close: () => inner.close(),
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
