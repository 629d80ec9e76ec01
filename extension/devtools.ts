// The DevTools page: loaded when DevTools opens on a tab, whichever panel is on screen. It
// connects to the inspected tab at once, says hello (so the relays replay and then forward
// live) and keeps everything until the AG-UI panel is first shown, under the session cap
// the panel's toolbar sets; then it hands the transport to the panel window
// (src/bridge/devtools-handoff.ts). ChunkBlobs are kept as Blobs until then.
import browser from 'webextension-polyfill';
import { randomId } from '../src/bridge/messages.js';
import { createPortTransport } from '../src/bridge/port-transport.js';
import { createBufferedTransport, offerTransport } from '../src/bridge/devtools-handoff.js';
import { createSettingsStore } from '../src/panel/store/settings-store.js';

/** The panel's session cap as last chosen (the same extension origin, so the same storage). */
function sessionCapBytes(): number {
  let storage: Storage | undefined;
  try {
    storage = localStorage;
  } catch {
    storage = undefined; // storage blocked: the default cap
  }
  const store = createSettingsStore(storage);
  const mb = store.settings.peek().sessionCapMb;
  store.dispose();
  return mb * 1024 * 1024;
}

const tabId = browser.devtools.inspectedWindow.tabId;
const port = createPortTransport((name) => browser.runtime.connect({ name }), tabId, {
  panelId: `devtools-${randomId(crypto)}`,
  expandBlobs: false,
});
const transport = createBufferedTransport(port, { maxBytes: sessionCapBytes() });

void browser.devtools.panels.create('AG-UI', 'icons/icon-16.png', 'panel.html').then((panel) => {
  panel.onShown.addListener((win) => offerTransport(win, transport));
});
