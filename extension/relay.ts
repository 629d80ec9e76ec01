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

// Chrome throttles delayed tasks of hidden pages (to once a minute after a while): there a
// gathered Blob goes at the next task instead, on our own channel (never throttled, unseen by the page).
const soon = new MessageChannel();
const soonQueue: (() => void)[] = [];
soon.port1.onmessage = () => {
  for (const fn of soonQueue.splice(0)) fn();
};

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
    if (document.visibilityState === 'hidden') {
      if (soonQueue.push(fn) === 1) soon.port2.postMessage(0);
      return;
    }
    try {
      if (typeof scheduler?.postTask === 'function') return void scheduler.postTask(fn, { delay: ms }).catch(fn);
    } catch {
      // no postTask here: a timer (the isolated world's; the page sees only its id sequence)
    }
    setTimeout(fn, ms);
  },
  randomId: () => randomId(crypto),
});
