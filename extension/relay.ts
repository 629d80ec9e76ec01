// Isolated world, document_start, every frame: the relay between the tap's port and the
// service worker. A new document means a new relay, which reports 'navigated'.
import browser from 'webextension-polyfill';
import { startRelay } from '../src/bridge/relay.js';
import { randomId, RELAY_PORT_NAME } from '../src/bridge/messages.js';
import { isEnvelope, isRecord } from '../src/bridge/guards.js';

interface PostTask {
  postTask(fn: () => void, opts: { delay: number }): Promise<unknown>;
}
const scheduler = (globalThis as { scheduler?: PostTask }).scheduler;

startRelay({
  win: window,
  self: window,
  connect: () => browser.runtime.connect({ name: RELAY_PORT_NAME }),
  onNudge: (reconnect) =>
    browser.runtime.onMessage.addListener((msg: unknown) => {
      if (isEnvelope(msg, (m): m is { kind: 'reconnect' } => isRecord(m) && m.kind === 'reconnect')) reconnect();
    }),
  docUrl: location.href,
  top: window.top === window,
  now: () => Date.now(),
  // scheduler.postTask hands out no id, so the page's own timer ids stay as they would be.
  later: (fn, ms) => {
    if (typeof scheduler?.postTask === 'function') scheduler.postTask(fn, { delay: ms }).catch(() => undefined);
    else setTimeout(fn, ms);
  },
  randomId: () => randomId(crypto),
});
