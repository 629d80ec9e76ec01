// The service worker: a dumb tab-keyed pipe (src/bridge/router.ts). No model, no buffer.
import browser from 'webextension-polyfill';
import { startRouter } from '../src/bridge/router.js';
import { envelope, type RelayNudge } from '../src/bridge/messages.js';

startRouter({
  onConnect: (fn) => browser.runtime.onConnect.addListener(fn),
  extensionOrigin: browser.runtime.getURL(''),
  nudgeTab: (tabId) => {
    browser.tabs.sendMessage(tabId, envelope<RelayNudge>({ kind: 'reconnect' })).catch(() => undefined);
  },
});
