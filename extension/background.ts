// The service worker: a dumb tab-keyed pipe (src/bridge/router.ts). No model, no buffer.
// It also reports what only it can see: tabs closing, and event streams opened by Web
// Workers (webRequest), which the page tap cannot read.
import browser from 'webextension-polyfill';
import { startRouter } from '../src/bridge/router.js';
import { envelope, type RelayNudge } from '../src/bridge/messages.js';
import { eventStreamOf, type ResponseDetails } from '../src/bridge/worker-streams.js';

const router = startRouter({
  onConnect: (fn) => browser.runtime.onConnect.addListener(fn),
  extensionOrigin: browser.runtime.getURL(''),
  nudgeTab: (tabId) => {
    browser.tabs.sendMessage(tabId, envelope<RelayNudge>({ kind: 'reconnect' })).catch(() => undefined);
  },
  onTabRemoved: (fn) => browser.tabs.onRemoved.addListener((tabId) => fn(tabId)),
  tabExists: (tabId) =>
    browser.tabs.get(tabId).then(
      () => true,
      () => false,
    ),
});

// Optional chaining: browsers and test harnesses without the permission have no webRequest.
(browser.webRequest as typeof browser.webRequest | undefined)?.onResponseStarted.addListener(
  (details) => {
    const s = eventStreamOf(details as unknown as ResponseDetails);
    if (s) router.networkStream(s);
  },
  { urls: ['<all_urls>'], types: ['xmlhttprequest', 'other'] },
  // Headers only (no body, no blocking): the content type tells an event stream.
  ['responseHeaders'],
);

// The toolbar button opens the offline viewer (panel.html without a tab): the way to open a
// file without DevTools. Optional: a browser without the action API has no button.
(browser.action as typeof browser.action | undefined)?.onClicked.addListener(() => {
  void browser.tabs.create({ url: browser.runtime.getURL('panel.html') });
});
