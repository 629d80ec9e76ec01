// The DevTools page: connect to the inspected tab at once, and hand the buffered transport
// to the panel window when it shows. Until the AG-UI panel is first shown the transport
// stays quiet (no hello): the relays keep each document's recent history, and nothing
// streams into the extension process while DevTools is used for something else. From the
// first showing on, the transport says hello once per connection; nothing else does.
import browser from 'webextension-polyfill';
import { randomId } from '../src/bridge/messages.js';
import { createPortTransport } from '../src/bridge/port-transport.js';
import { createBufferedTransport, offerTransport } from '../src/bridge/devtools-handoff.js';

const tabId = browser.devtools.inspectedWindow.tabId;
const port = createPortTransport((name) => browser.runtime.connect({ name }), tabId, {
  panelId: `devtools-${randomId(crypto)}`,
  active: false,
});
const transport = createBufferedTransport(port, undefined, () => port.activate());

void browser.devtools.panels.create('AG-UI', 'icons/icon-16.png', 'panel.html').then((panel) => {
  panel.onShown.addListener((win) => offerTransport(win, transport));
});
