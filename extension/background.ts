// The service worker: a dumb tab-keyed pipe (src/bridge/router.ts). No model, no buffer.
// It also reports what only it can see: tabs closing, and, once the user turns the counter
// on (the optional webRequest permission), event streams opened by Web Workers, which the
// page tap cannot read.
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

// The worker-stream counter: `webRequest` is an optional permission, off by default, because
// while an extension holds it Chrome routes every page's downloads through a request proxy
// (docs/capture.md, Permissions). Capture health offers to turn it on; granted or removed
// later, the listener follows.
type WebRequest = typeof browser.webRequest;
const onResponse = (details: unknown): void => {
  const s = eventStreamOf(details as ResponseDetails);
  if (s) router.networkStream(s);
};
let listening: WebRequest | undefined;
async function followPermission(): Promise<void> {
  const granted = await browser.permissions.contains({ permissions: ['webRequest'] }).catch(() => false);
  // Absent without the permission (and in browsers or harnesses without the API).
  const webRequest = (browser as Partial<typeof browser>).webRequest as WebRequest | undefined;
  if (granted && webRequest && !listening) {
    webRequest.onResponseStarted.addListener(
      onResponse,
      { urls: ['<all_urls>'], types: ['xmlhttprequest', 'other'] },
      // Headers only (no body, no blocking): the content type tells an event stream.
      ['responseHeaders'],
    );
    listening = webRequest;
  } else if (!granted && listening) {
    try {
      listening.onResponseStarted.removeListener(onResponse);
    } catch {
      // the API went with the permission
    }
    listening = undefined;
  }
}
const follow = (): void => void followPermission();
follow();
browser.permissions.onAdded.addListener(follow);
browser.permissions.onRemoved.addListener(follow);

// The toolbar button opens the offline viewer (panel.html without a tab): the way to open a
// file without DevTools. Optional: a browser without the action API has no button.
(browser.action as typeof browser.action | undefined)?.onClicked.addListener(() => {
  void browser.tabs.create({ url: browser.runtime.getURL('panel.html') });
});
