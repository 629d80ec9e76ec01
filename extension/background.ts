// The service worker: a dumb tab-keyed pipe (src/bridge/router.ts). No model, no buffer.
// It also reports what only it can see: tabs closing, and event streams opened by Web
// Workers (chrome.webRequest), which the page tap cannot read.
import { startRouter } from '../src/bridge/router.js';
import { envelope, type RelayNudge } from '../src/bridge/messages.js';
import { eventStreamOf, type ResponseDetails } from '../src/bridge/worker-streams.js';

const router = startRouter({
  onConnect: (fn) => chrome.runtime.onConnect.addListener(fn),
  extensionOrigin: chrome.runtime.getURL(''),
  nudgeTab: (tabId) => {
    chrome.tabs.sendMessage(tabId, envelope<RelayNudge>({ kind: 'reconnect' })).catch(() => undefined);
  },
  onTabRemoved: (fn) => chrome.tabs.onRemoved.addListener((tabId) => fn(tabId)),
  tabExists: (tabId) => chrome.tabs.get(tabId).then(
    () => true,
    () => false,
  ),
});

chrome.webRequest?.onResponseStarted.addListener(
  (details) => {
    const s = eventStreamOf(details as ResponseDetails);
    if (s) router.networkStream(s);
  },
  { urls: ['<all_urls>'], types: ['xmlhttprequest', 'other'] },
  // Headers only (no body, no blocking): the content type tells an event stream.
  ['responseHeaders'],
);
