// The service worker's whole job: a pipe keyed by tab id. Relay ports (one per frame)
// are keyed by the tab Chrome says they run in (port.sender.tab.id, which a page cannot
// forge); panel ports by their name `agui-panel:<tabId>` and only from our own pages.
// No model, no buffer: the relays hold the data, so a restart of this worker loses
// nothing; the maps below are rebuilt as ports reconnect.
import { envelope, PANEL_PORT_PREFIX, RELAY_PORT_NAME, PROTOCOL_VERSION, SOURCE, type RouterToRelay } from './messages.js';
import { isEnvelope, isPanelMessage, isRecord } from './guards.js';
import type { PortLike } from './transport.js';

export interface RouterDeps {
  readonly onConnect: (fn: (port: PortLike) => void) => void;
  /** e.g. 'chrome-extension://<id>/': panel ports must come from our own pages. */
  readonly extensionOrigin: string;
  /** Wake the relays of a tab whose ports died with a previous worker. */
  readonly nudgeTab?: (tabId: number) => void;
}

interface TabPorts {
  readonly relays: Set<PortLike>;
  readonly panels: Set<PortLike>;
}

export interface Router {
  readonly stats: () => { tabs: number; relays: number; panels: number };
}

export function startRouter(deps: RouterDeps): Router {
  const tabs = new Map<number, TabPorts>();
  const tab = (id: number): TabPorts => {
    let t = tabs.get(id);
    if (!t) tabs.set(id, (t = { relays: new Set(), panels: new Set() }));
    return t;
  };
  const forget = (id: number): void => {
    const t = tabs.get(id);
    if (t && t.relays.size === 0 && t.panels.size === 0) tabs.delete(id);
  };
  const post = (p: PortLike, msg: unknown): void => {
    try {
      p.postMessage(msg);
    } catch {
      // a port that died between its disconnect and our send: its onDisconnect cleans up
    }
  };
  const toRelays = (t: TabPorts, msg: RouterToRelay): void => {
    for (const r of t.relays) post(r, envelope(msg));
  };

  const onRelay = (port: PortLike, tabId: number): void => {
    const t = tab(tabId);
    t.relays.add(port);
    port.onMessage.addListener((raw) => {
      // The relay validated every field; here only the envelope, to stay a cheap pipe.
      if (!isRecord(raw) || raw.source !== SOURCE || raw.v !== PROTOCOL_VERSION) return;
      for (const p of t.panels) post(p, raw);
    });
    port.onDisconnect.addListener(() => {
      t.relays.delete(port);
      forget(tabId);
    });
    post(port, envelope<RouterToRelay>({ kind: 'panels', count: t.panels.size }));
    // A panel is already watching (we restarted, or the page navigated): replay to it.
    if (t.panels.size > 0) post(port, envelope<RouterToRelay>({ kind: 'hello', panelId: 'router' }));
  };

  const onPanel = (port: PortLike, tabId: number): void => {
    const t = tab(tabId);
    t.panels.add(port);
    toRelays(t, { kind: 'panels', count: t.panels.size });
    if (t.relays.size === 0) deps.nudgeTab?.(tabId);
    port.onMessage.addListener((raw) => {
      if (isEnvelope(raw, isPanelMessage)) toRelays(t, raw.msg);
    });
    port.onDisconnect.addListener(() => {
      t.panels.delete(port);
      toRelays(t, { kind: 'panels', count: t.panels.size });
      forget(tabId);
    });
  };

  deps.onConnect((port) => {
    const sender = port.sender;
    if (port.name === RELAY_PORT_NAME) {
      const tabId = sender?.tab?.id;
      if (typeof tabId === 'number' && tabId >= 0) onRelay(port, tabId);
      else port.disconnect();
      return;
    }
    if (port.name.startsWith(PANEL_PORT_PREFIX)) {
      const tabId = Number(port.name.slice(PANEL_PORT_PREFIX.length));
      const ours = typeof sender?.url === 'string' && sender.url.startsWith(deps.extensionOrigin);
      if (ours && Number.isSafeInteger(tabId) && tabId >= 0) onPanel(port, tabId);
      else port.disconnect();
    }
  });

  return {
    stats: () => {
      let relays = 0;
      let panels = 0;
      for (const t of tabs.values()) {
        relays += t.relays.size;
        panels += t.panels.size;
      }
      return { tabs: tabs.size, relays, panels };
    },
  };
}
