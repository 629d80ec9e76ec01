// The page-visible Response of a tapped stream: no own properties, identity through the
// prototype's own getters and clone (also called on the prototype), headers immutable
// with the browser's error; relative URLs resolve against the document's base URL.
import { afterEach, describe, expect, it } from 'vitest';
import { installTap } from './install-tap.js';
import { collector, fakeWindow, responseWith, TestResponse } from './fake-window.test-helper.js';

const SSE = { 'content-type': 'text/event-stream' };
let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

describe('tapped Response identity', () => {
  it('has no own properties; getters, clone.call and immutable headers behave as on the original', async () => {
    const win = fakeWindow();
    undo = installTap(win, collector().emit);
    win.respond = () =>
      Promise.resolve(
        responseWith('data: 1\n\n', { headers: SSE, url: 'https://agent.test/r', redirected: true, type: 'cors' }),
      );
    const res = await win.fetch('/r');
    // Node's Response keeps its state in own symbols; the browser's in internal slots: compare with a fresh one.
    const ownOfNative = Reflect.ownKeys(new Response('')).map(String);
    expect(Reflect.ownKeys(res).map(String)).toEqual(ownOfNative);
    const get = (k: string): unknown =>
      (Reflect.getOwnPropertyDescriptor(TestResponse.prototype, k)?.get as () => unknown).call(res);
    expect([get('url'), get('redirected'), get('type')]).toEqual(['https://agent.test/r', true, 'cors']);
    const c = TestResponse.prototype.clone.call(res);
    expect([c.url, c.redirected, c.type, Reflect.ownKeys(c).map(String)]).toEqual([
      'https://agent.test/r',
      true,
      'cors',
      ownOfNative,
    ]);
    for (const h of [res.headers, c.headers]) {
      expect(() => h.set('x-a', '1')).toThrow(
        new TypeError("Failed to execute 'set' on 'Headers': Headers are immutable"),
      );
      expect(() => h.append('x-a', '1')).toThrow(TypeError);
      expect(() => h.delete('content-type')).toThrow(TypeError);
      expect(h.get('content-type')).toBe('text/event-stream');
    }
    const fresh = new Headers();
    fresh.set('x-a', '1');
    expect(fresh.get('x-a')).toBe('1');
    expect(await c.text()).toBe('data: 1\n\n');
    const urlGet = Reflect.getOwnPropertyDescriptor(TestResponse.prototype, 'url')?.get as () => unknown;
    expect(Function.prototype.toString.call(urlGet)).toBe('function get url() { [native code] }');
    expect(Function.prototype.toString.call(Headers.prototype.set)).toBe('function set() { [native code] }');
  });

  it('leaves non-stream responses and other Responses untouched', async () => {
    const win = fakeWindow();
    undo = installTap(win, collector().emit);
    const json = responseWith('{}', { headers: { 'content-type': 'application/json' }, url: 'https://a.test/j' });
    win.respond = () => Promise.resolve(json);
    expect(await win.fetch('/j')).toBe(json);
    const own = new Response('x');
    own.headers.set('x-a', '1');
    expect([own.url, own.type, own.headers.get('x-a')]).toEqual(['', 'default', '1']);
  });
});

describe('request arguments', () => {
  it('a one-shot headers iterable is read once, reaches the request whole and is recorded', async () => {
    const win = fakeWindow();
    const c = collector();
    undo = installTap(win, c.emit);
    let seen: [string, string][] = [];
    win.respond = (args) => {
      seen = [...(args[0] as Request).headers];
      return Promise.resolve(responseWith('data: 1\n\n', { headers: SSE }));
    };
    function* once(): Generator<[string, string]> {
      yield ['x-run', '1'];
    }
    await (await win.fetch('/r', { headers: once() as unknown as HeadersInit })).text();
    expect(seen).toEqual([['x-run', '1']]);
    expect(c.msgs.find((m) => m.kind === 'stream-open')).toMatchObject({ requestHeaders: { 'x-run': '1' } });
  });
});

describe('relative URLs', () => {
  it("resolve against the document base URL (an about:blank frame inherits its creator's)", async () => {
    class FakeNode {
      constructor(private readonly base: string) {}
      get baseURI(): string {
        return this.base;
      }
    }
    const c = collector();
    const win = fakeWindow({
      Node: FakeNode as unknown as typeof Node,
      document: new FakeNode('https://app.test/chat/'),
      location: { href: 'about:blank' },
    } as never);
    undo = installTap(win, c.emit);
    win.respond = () => Promise.resolve(responseWith('data: 1\n\n', { headers: SSE }));
    await (await win.fetch('run?x=1', { method: 'POST' })).text();
    expect(c.msgs.find((m) => m.kind === 'stream-open')).toMatchObject({
      url: 'https://app.test/chat/run?x=1',
      frameUrl: 'about:blank',
    });
  });
});
