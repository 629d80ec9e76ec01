// The service worker's whole job: a pipe keyed by tab id. Relay ports (one per frame)
// are keyed by the tab Chrome says they run in (port.sender.tab.id, which a page cannot
// forge); panel ports by their name `agui-panel:<tabId>` and only from our own pages.
// No model, no buffer: the relays hold the data, so a restart of this worker loses
// nothing; the maps below are rebuilt as ports reconnect.
//
// A replay answers one panel's hello: between the relay's replay-start (naming that
// panel) and replay-end, its messages go to that panel only, so the other panels of the
// tab never see repeats. The router also tells panels what only it can know: that the
// tab closed, and that a Web Worker of the tab opened an event stream the tap cannot see.
import {
  envelope,
  PANEL_PORT_PREFIX,
  RELAY_PORT_NAME,
  PROTOCOL_VERSION,
  SOURCE,
  type RelayMessage,
  type RouterToRelay,
} from './messages.js';
import { isEnvelope, isPanelMessage, isRecord } from './guards.js';
import type { PortLike } from './transport.js';
import { createCloseHold, type CloseHold } from './router-close-hold.js';
import { createStreamMatcher, streamUrlKey, type NetworkStream, type StreamMatcher } from './worker-streams.js';

export interface RouterDeps {
  readonly onConnect: (fn: (port: PortLike) => void) => void;
  /** e.g. 'chrome-extension://<id>/': panel ports must come from our own pages. */
  readonly extensionOrigin: string;
  /** Wake the relays of a tab whose ports died with a previous worker. */
  readonly nudgeTab?: (tabId: number) => void;
  /** chrome.tabs.onRemoved. */
  readonly onTabRemoved?: (fn: (tabId: number) => void) => void;
  /** Resolves false when the tab no longer exists (a panel reconnecting to a closed tab). */
  readonly tabExists?: (tabId: number) => Promise<boolean>;
  readonly now?: () => number;
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (h: unknown) => void;
}

interface TabPorts {
  /** Relay ports and the origin of their document (to attribute worker streams). */
  readonly relays: Map<PortLike, string | undefined>;
  readonly panels: Map<PortLike, string | undefined>;
  /** Matches webRequest's event streams against the tap's (only while panels watch). */
  matcher?: StreamMatcher;
  /** 'navigated' stream ends held for a moment: the tab may be closing. */
  readonly hold: CloseHold;
}

export interface Router {
  readonly stats: () => { tabs: number; relays: number; panels: number };
  /** Tell the panels of a tab something only the service worker knows. */
  notify(tabId: number, msg: RelayMessage): void;
  /** webRequest saw an event-stream response: to its tab, or every tab with a document of its origin. */
  networkStream(s: NetworkStream): void;
}

/** A panel that said hello watches; a quiet DevTools page (port-transport.ts) does not. */
function watching(t: TabPorts): boolean {
  for (const id of t.panels.values()) if (id !== undefined) return true;
  return false;
}

function originOf(url: string | undefined): string | undefined {
  try {
    return url === undefined ? undefined : new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function startRouter(deps: RouterDeps): Router {
  const tabs = new Map<number, TabPorts>();
  const now = deps.now ?? (() => Date.now());
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const tab = (id: number): TabPorts => {
    let t = tabs.get(id);
    if (!t) {
      const panels = new Map<PortLike, string | undefined>();
      const send = (raw: unknown): void => {
        for (const p of panels.keys()) post(p, raw);
      };
      tabs.set(id, (t = { relays: new Map(), panels, hold: createCloseHold({ send, setTimer, clearTimer }) }));
    }
    return t;
  };
  const forget = (id: number): void => {
    const t = tabs.get(id);
    if (t && t.panels.size === 0) {
      t.matcher?.dispose();
      t.matcher = undefined;
    }
    if (t && t.relays.size === 0 && t.panels.size === 0) {
      t.hold.dispose();
      tabs.delete(id);
    }
  };
  const matcherOf = (tabId: number, t: TabPorts): StreamMatcher => {
    t.matcher ??= createStreamMatcher({
      onUnseen: (url) => notify(tabId, { kind: 'worker-stream', id: `w${++workerIds}`, url, t: now() }),
      setTimer,
      clearTimer,
      now,
    });
    return t.matcher;
  };
  let workerIds = 0;
  const post = (p: PortLike, msg: unknown): void => {
    try {
      p.postMessage(msg);
    } catch {
      // a port that died between its disconnect and our send: its onDisconnect cleans up
    }
  };
  const toRelays = (t: TabPorts, msg: RouterToRelay): void => {
    for (const r of t.relays.keys()) post(r, envelope(msg));
  };
  const panelById = (t: TabPorts, panelId: string): PortLike | undefined => {
    for (const [p, id] of t.panels) if (id === panelId) return p;
    return undefined;
  };

  const onRelay = (port: PortLike, tabId: number): void => {
    const t = tab(tabId);
    t.relays.set(port, originOf(port.sender?.url));
    /** The panel a replay in progress is for (undefined: all panels). */
    let target: PortLike | undefined;
    port.onMessage.addListener((raw) => {
      // The relay validated every field; here only the envelope, to stay a cheap pipe.
      if (!isRecord(raw) || raw.source !== SOURCE || raw.v !== PROTOCOL_VERSION) return;
      const msg = raw.msg;
      // The tap's event streams, to match against what webRequest saw (worker streams).
      if (
        isRecord(msg) &&
        msg.kind === 'stream-open' &&
        (msg.encoding === 'sse' || msg.encoding === 'eventsource') &&
        typeof msg.url === 'string'
      ) {
        if (watching(t)) matcherOf(tabId, t).tapSaw(streamUrlKey(msg.url));
      }
      if (isRecord(msg) && msg.kind === 'replay-start')
        target = typeof msg.panelId === 'string' ? panelById(t, msg.panelId) : undefined;
      if (isRecord(msg) && msg.kind === 'stream-end' && msg.reason === 'navigated' && t.panels.size > 0)
        return t.hold.end(raw, msg);
      if (target && t.panels.has(target)) post(target, raw);
      else for (const p of t.panels.keys()) post(p, raw);
      if (isRecord(msg) && msg.kind === 'replay-end') target = undefined;
    });
    port.onDisconnect.addListener(() => {
      t.relays.delete(port);
      forget(tabId);
    });
    // The probe tells the relay whether ports structure-clone (then it may send ChunkBlobs).
    post(port, envelope<RouterToRelay>({ kind: 'panels', count: t.panels.size, probe: new Uint8Array(1) }));
    // A panel is already watching (we restarted, or the page navigated): replay to all.
    // Only panels that said hello watch; a quiet DevTools page does not (port-transport.ts).
    if (watching(t)) post(port, envelope<RouterToRelay>({ kind: 'hello', panelId: 'router' }));
  };

  const onPanel = (port: PortLike, tabId: number): void => {
    const t = tab(tabId);
    t.panels.set(port, undefined);
    toRelays(t, { kind: 'panels', count: t.panels.size });
    if (t.relays.size === 0) {
      deps.nudgeTab?.(tabId);
      void deps.tabExists?.(tabId).then((exists) => {
        if (!exists && t.panels.has(port)) post(port, envelope<RelayMessage>({ kind: 'tab-closed', t: now() }));
      });
    }
    port.onMessage.addListener((raw) => {
      if (!isEnvelope(raw, isPanelMessage)) return;
      if (raw.msg.kind === 'hello') t.panels.set(port, raw.msg.panelId);
      toRelays(t, raw.msg);
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

  const notify = (tabId: number, msg: RelayMessage): void => {
    const t = tabs.get(tabId);
    if (t) for (const p of t.panels.keys()) post(p, envelope(msg));
  };
  deps.onTabRemoved?.((tabId) => {
    const t = tabs.get(tabId);
    if (!t) return;
    t.hold.tabClosed();
    notify(tabId, { kind: 'tab-closed', t: now() });
  });

  return {
    notify,
    networkStream(s) {
      for (const [tabId, t] of tabs) {
        if (!watching(t)) continue; // the relays only report to panels that said hello
        if (s.tabId !== undefined ? s.tabId === tabId : [...t.relays.values()].includes(s.origin))
          matcherOf(tabId, t).network(s.url);
      }
    },
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
