// The DevTools page: connect to the inspected tab at once, so capture starts when
// DevTools opens, and hand the buffered transport to the panel window when it shows.
// The transport says hello itself (once per connection); nothing else does.
import { randomId } from '../src/bridge/messages.js';
import { createPortTransport } from '../src/bridge/port-transport.js';
import { createBufferedTransport, offerTransport } from '../src/bridge/devtools-handoff.js';

const tabId = chrome.devtools.inspectedWindow.tabId;
const transport = createBufferedTransport(
  createPortTransport((name) => chrome.runtime.connect({ name }), tabId, { panelId: `devtools-${randomId(crypto)}` }),
);

chrome.devtools.panels.create('AG-UI', 'icons/icon-16.png', 'panel.html', (panel) => {
  panel.onShown.addListener((win) => offerTransport(win, transport));
});
