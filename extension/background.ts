// The service worker: a dumb tab-keyed pipe (src/bridge/router.ts). No model, no buffer.
import { startRouter } from '../src/bridge/router.js';
import { envelope, type RelayNudge } from '../src/bridge/messages.js';

startRouter({
  onConnect: (fn) => chrome.runtime.onConnect.addListener(fn),
  extensionOrigin: chrome.runtime.getURL(''),
  nudgeTab: (tabId) => {
    chrome.tabs.sendMessage(tabId, envelope<RelayNudge>({ kind: 'reconnect' })).catch(() => undefined);
  },
});
