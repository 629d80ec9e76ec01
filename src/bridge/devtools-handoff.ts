// DevTools page → panel window hand-off. The DevTools page (extension/devtools.ts) opens
// the connection as soon as DevTools opens and buffers what arrives, because the panel
// window only loads when the user first shows it; the buffer also keeps what a reload
// would otherwise take with the old document's relay. The panel calls
// attachFromDevtools(window, deps) and gets a transport either way (the browser APIs come
// in deps, from extension/panel.ts):
//   - inside DevTools: the DevTools page's buffered transport (replayed, then live);
//   - in a normal tab (pop-out, `panel.html?tabId=N`): its own port transport to tab N.
import type { PanelTransport, PortLike } from './transport.js';
import type { RelayMessage } from './messages.js';
import { createPortTransport } from './port-transport.js';

/** The two slots on the panel window; either side may arrive first. */
interface HandoffSlots {
  __aguiTransport?: PanelTransport;
  __aguiAttach?: (t: PanelTransport) => void;
}

/** Wraps a transport so messages received before anyone subscribes are kept (bounded). */
export function createBufferedTransport(inner: PanelTransport, limit = 50_000): PanelTransport {
  const listeners = new Set<(msg: RelayMessage) => void>();
  let early: RelayMessage[] = [];
  inner.subscribe((msg) => {
    if (listeners.size === 0) {
      early.push(msg);
      if (early.length > limit) early = early.slice(early.length - limit);
      return;
    }
    for (const l of [...listeners]) l(msg);
  });
  return {
    send: (msg) => inner.send(msg),
    subscribe(l) {
      const backlog = early;
      early = [];
      for (const m of backlog) l(m);
      listeners.add(l);
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
export function attachFromDevtools(win: Window, deps: AttachDeps): Promise<{ transport: PanelTransport; tabId: number }> {
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
