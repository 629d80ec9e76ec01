// The DevTools page: connect to the inspected tab at once, so capture starts when
// DevTools opens, and hand the buffered transport to the panel window when it shows.
import browser from 'webextension-polyfill';
import { randomId } from '../src/bridge/messages.js';
import { createPortTransport } from '../src/bridge/port-transport.js';
import { createBufferedTransport, offerTransport } from '../src/bridge/devtools-handoff.js';

const tabId = browser.devtools.inspectedWindow.tabId;
const transport = createBufferedTransport(createPortTransport((name) => browser.runtime.connect({ name }), tabId));
transport.send({ kind: 'hello', panelId: `devtools-${randomId(crypto)}` });

void browser.devtools.panels.create('AG-UI', 'icons/icon-16.png', 'panel.html').then((panel) => {
  panel.onShown.addListener((win) => offerTransport(win, transport));
});
