// The tap after install calls nothing the page can replace: the window's JS built-ins
// come from a separate realm (node:vm) that is "poisoned" after install — every function
// on Reflect, Object, Function.prototype, Promise(.prototype), Array.prototype, String
// .prototype, WeakMap.prototype and the typed-array prototypes replaced by a trap that
// records its arguments and throws — and a fetch and an XHR stream still pass through
// unchanged and are captured whole, and no trap was ever called.
import { afterEach, describe, expect, it } from 'vitest';
import { createContext, runInContext } from 'node:vm';
import { installTap } from './install-tap.js';
import { createChannelEmitter } from './channel.js';
import { chunksText, collector, fakeWindow, readAll, responseWith, scriptedBody } from './fake-window.test-helper.js';

const SSE = { 'content-type': 'text/event-stream' };
let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

function newRealm(): typeof globalThis {
  return runInContext('globalThis', createContext()) as typeof globalThis;
}

/** Replaces every own function-valued data property (toString, ours, excepted); returns the calls seen. */
function poison(targets: object[]): { calls: string[] } {
  const calls: string[] = [];
  for (const t of targets) {
    for (const key of Reflect.ownKeys(t)) {
      const d = Reflect.getOwnPropertyDescriptor(t, key);
      if (!d || typeof d.value !== 'function' || key === 'toString' || key === 'constructor' || !d.configurable)
        continue;
      Reflect.defineProperty(t, key, {
        ...d,
        value: function trap() {
          calls.push(String(key));
          throw new Error(`page trap ${String(key)}`);
        },
      });
    }
  }
  return { calls };
}

describe('a page that replaces built-ins after install', () => {
  it('changes nothing the tap does: fetch passes through and is captured, no trap runs', async () => {
    const realm = newRealm();
    const win = fakeWindow({
      Reflect: realm.Reflect,
      Object: realm.Object,
      Function: realm.Function,
      Promise: realm.Promise,
      WeakMap: realm.WeakMap,
      Uint8Array: realm.Uint8Array,
      ArrayBuffer: realm.ArrayBuffer,
      String: realm.String,
      Error: realm.Error,
      TypeError: realm.TypeError,
      Date: realm.Date,
    });
    const c = collector();
    undo = installTap(win, c.emit);
    const TA = Object.getPrototypeOf(realm.Uint8Array.prototype) as object;
    const { calls } = poison([
      realm.Reflect,
      realm.Object,
      realm.Function.prototype,
      realm.Promise,
      realm.Promise.prototype,
      realm.Array.prototype,
      realm.String.prototype,
      realm.WeakMap.prototype,
      TA,
      realm.Uint8Array.prototype,
      realm.Date,
    ]);
    const body = scriptedBody();
    win.respond = () =>
      Promise.resolve(responseWith(body.stream, { headers: SSE, url: 'https://agent.test/run', type: 'cors' }));
    const pending = win.fetch(
      new Request('https://agent.test/run', {
        method: 'POST',
        body: '{"runId":"r"}',
        headers: { authorization: 'Bearer s' },
      }),
    );
    // The promise is the realm's (as the page's would be); `await` here would ask its poisoned then.
    const res = await new Promise<Response>((ok, bad) => void Promise.prototype.then.call(pending, ok, bad));
    const text = readAll(res.body as ReadableStream<Uint8Array>);
    const head = 'data: {"type":"RUN_STARTED"}\n\n';
    body.push(head);
    body.push(new Uint8Array(300_000).fill(0x61));
    body.close();
    const got = await text;
    expect(got).toBe(head + 'a'.repeat(300_000));
    await expect.poll(() => c.kinds().at(-1)).toBe('stream-end');
    expect(chunksText(c.msgs)).toBe(got);
    expect(c.msgs.find((m) => m.kind === 'stream-open')).toMatchObject({
      url: 'https://agent.test/run',
      requestBody: '{"runId":"r"}',
      requestHeaders: { authorization: '[redacted]' },
    });
    expect([res.url, res.type, Object.getOwnPropertyNames(res)]).toEqual(['https://agent.test/run', 'cors', []]);
    expect(calls).toEqual([]);
  });

  it('never hands the private port to MessagePort.prototype.postMessage looked up at send time', async () => {
    const realm = newRealm();
    let port2: MessagePort | undefined;
    const emit = createChannelEmitter({
      MessageChannel,
      MessagePort,
      Function: realm.Function,
      crypto: globalThis.crypto,
      Object,
      Date,
      MessageEvent,
      Uint8Array,
      postMessage: (_m: unknown, _o: string, t?: Transferable[]) => void (port2 = t?.[0] as MessagePort),
    });
    const received = new Promise<unknown>((resolve) => port2?.addEventListener('message', (e) => resolve(e.data)));
    port2?.start();
    const nativePost = MessagePort.prototype.postMessage;
    const thief: unknown[] = [];
    realm.Function.prototype.call = function stolenCall(this: unknown, ...a: unknown[]) {
      thief.push(a[0]);
      throw new Error('trap');
    } as never;
    MessagePort.prototype.postMessage = function stolen(this: MessagePort) {
      thief.push(this);
      throw new Error('trap');
    };
    try {
      emit({ kind: 'tap-ready', frameId: 'f', frameUrl: 'https://a.test/', top: true, t: 1 });
    } finally {
      MessagePort.prototype.postMessage = nativePost;
    }
    expect(await received).toMatchObject({ kind: 'tap-ready', frameId: 'f' });
    expect(thief).toEqual([]);
    port2?.close();
  });
});
