// "A tap the page cannot see": the probes a page could run against fetch's Response,
// its Headers, EventSource, XMLHttpRequest and Function.prototype.toString (also from
// another realm) give the same answers with and without the extension (two browsers),
// and the tap really captured the traffic the probes made.
import { both } from './both.js';
import { expect, test } from './fixtures.js';

test('a tapped Response answers every identity probe like a native one', async ({ page, barePage, server, feedOf }) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const feed = await feedOf(page);
  const { withExt, without } = await both(page, barePage, `${server.url}/pages/blank.html`, async () => {
    const strip = (u: string): string => u.replace(location.origin, '');
    const fail = (fn: () => unknown): unknown => {
      try {
        fn();
        return 'no error';
      } catch (e) {
        const err = e as Error;
        return [
          err.constructor.name,
          err.message,
          String(err.stack).split('\n')[0],
          String(err.stack).includes('chrome-extension://'),
        ];
      }
    };
    const r = await fetch('/redirect?events=5');
    const getter = (k: string): unknown =>
      (Object.getOwnPropertyDescriptor(Response.prototype, k)?.get as () => unknown).call(r);
    const c = Response.prototype.clone.call(r);
    const ownKeys = (o: object): string[] => Reflect.ownKeys(o).map(String);
    return {
      own: [
        ownKeys(r),
        ownKeys(c),
        ownKeys(r.headers),
        ownKeys(Response.prototype).sort(),
        ownKeys(Headers.prototype).sort(),
      ],
      getters: [strip(getter('url') as string), getter('redirected'), getter('type'), getter('status')],
      clone: [strip(c.url), c.redirected, c.type, c.headers.get('content-type')],
      plain: [
        strip(r.url),
        r.redirected,
        r.type,
        r.ok,
        r instanceof Response,
        Object.getPrototypeOf(r) === Response.prototype,
      ],
      set: fail(() => r.headers.set('x-a', '1')),
      append: fail(() => r.headers.append('x-a', '1')),
      del: fail(() => r.headers.delete('content-type')),
      cloneSet: fail(() => c.headers.set('x-a', '1')),
      illegalGetter: fail(() =>
        (Object.getOwnPropertyDescriptor(Response.prototype, 'url')?.get as () => unknown).call({}),
      ),
      illegalClone: fail(() => Response.prototype.clone.call({})),
      freshHeaders: fail(() => new Headers().set('x-a', '1')),
      constructedSet: fail(() => new Response('x').headers.set('x-a', '1')),
      text: (await r.text()).length,
      cloneText: (await c.text()).length,
    };
  });
  expect(withExt).toEqual(without);
  expect(withExt.own.slice(0, 3)).toEqual([[], [], []]);
  expect(withExt.getters).toEqual(['/sse?events=5', true, 'basic', 200]);
  await expect
    .poll(async () => (await feed.messages()).some((m) => m.kind === 'stream-end' && m.reason === 'complete'))
    .toBe(true);
});

test('error stacks that pass through the tap name no extension URL', async ({ page, server }) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const stacks = await page.evaluate(async () => {
    const out: string[] = [];
    const thrower = {
      toString: (): string => {
        throw new Error('probe');
      },
    } as unknown as string;
    const grab = async (fn: () => unknown): Promise<void> => {
      try {
        await fn();
        out.push('no error');
      } catch (e) {
        out.push(String((e as Error).stack));
      }
    };
    await grab(() => fetch(thrower));
    await grab(() => new EventSource(thrower));
    await grab(() => new EventSource('http://['));
    await grab(() => (XMLHttpRequest.prototype.open as (m: string, u: string) => void).call({}, 'GET', '/'));
    await grab(() => new Response('x').headers.set('a', thrower));
    await grab(() => Function.prototype.toString.call({}));
    return out;
  });
  expect(stacks).toHaveLength(6);
  for (const s of stacks) expect(s).not.toContain('chrome-extension://');
  expect(stacks.every((s) => s !== 'no error')).toBe(true);
});

test('EventSource, XMLHttpRequest and toString (from another realm too) look native', async ({
  page,
  barePage,
  server,
  feedOf,
}) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const feed = await feedOf(page);
  const { withExt, without } = await both(page, barePage, `${server.url}/pages/blank.html`, async () => {
    const fail = (fn: () => unknown): unknown => {
      try {
        fn();
        return 'no error';
      } catch (e) {
        const err = e as Error;
        return [
          err.constructor.name,
          err.message,
          String(err.stack).split('\n')[0],
          String(err.stack).includes('chrome-extension://'),
        ];
      }
    };
    const ts = Function.prototype.toString;
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const other = frame.contentWindow as Window & typeof globalThis;
    const otherTs = other.Function.prototype.toString;
    const names = (o: object): string[] => Object.getOwnPropertyNames(o).sort();
    class Sub extends EventSource {}
    const sub = new Sub('/es');
    const es = new EventSource('/es');
    const got = await new Promise<string[]>((resolve) => {
      const seen: string[] = [];
      es.addEventListener('tick', (e) => seen.push((e as MessageEvent).data as string));
      es.addEventListener('done', () => resolve(seen));
    });
    es.close();
    sub.close();
    return {
      es: [
        EventSource.name,
        EventSource.length,
        Object.getPrototypeOf(EventSource.prototype) === EventTarget.prototype,
        EventSource.prototype.constructor === EventSource,
        es.constructor === EventSource,
      ],
      esNames: [names(EventSource), names(EventSource.prototype), names(es), names(EventTarget.prototype)],
      sub: [sub instanceof EventSource, sub instanceof Sub, Object.getPrototypeOf(Sub) === EventSource],
      call: fail(() => (EventSource as unknown as () => void)()),
      badUrl: fail(() => new EventSource('http://[')),
      got,
      xhr: [names(XMLHttpRequest.prototype), XMLHttpRequest.prototype.open.length, XMLHttpRequest.prototype.send.name],
      toString: [
        ts.call(fetch),
        ts.call(EventSource),
        ts.call(XMLHttpRequest.prototype.open),
        ts.call(EventTarget.prototype.addEventListener),
        ts.call((Object.getOwnPropertyDescriptor(Response.prototype, 'url') as PropertyDescriptor).get),
        ts.call(Headers.prototype.set),
        ts.call(Response.prototype.clone),
        ts.call(ts),
        String(fetch),
      ],
      crossRealm: [
        otherTs.call(fetch),
        ts.call(other.fetch),
        otherTs.call(other.fetch),
        otherTs.call(EventSource),
        ts.call(other.Function.prototype.toString),
      ],
      ownToString: [names(fetch), names(ts), Object.prototype.hasOwnProperty.call(fetch, 'prototype')],
      tsFail: fail(() => ts.call({})),
      xhrIllegal: fail(() => (XMLHttpRequest.prototype.open as (m: string, u: string) => void).call({}, 'GET', '/')),
      addIllegal: fail(() => EventTarget.prototype.addEventListener.call({}, 'x', () => undefined)),
      newFetch: fail(() => new (fetch as unknown as new () => unknown)()),
    };
  });
  expect(withExt).toEqual(without);
  expect(withExt.crossRealm[0]).toBe('function fetch() { [native code] }');
  await expect
    .poll(async () => (await feed.messages()).filter((m) => m.kind === 'stream-message' && m.event === 'tick').length)
    .toBeGreaterThanOrEqual(2);
});

// Documented limits (docs/capture.md, "What the page could notice"), pinned as they are today.
test('limits: getters of init run once, as natively; a rejection created under our fetch shows one anonymous frame', async ({
  page,
  barePage,
  server,
}) => {
  const { withExt, without } = await both(page, barePage, `${server.url}/pages/blank.html`, async () => {
    let reads = 0;
    const init = {
      get method(): string {
        reads++;
        return 'GET';
      },
    };
    await (await fetch('/sse?events=2', init)).text();
    let stack = '';
    try {
      await fetch({
        toString: (): string => {
          throw new Error('probe');
        },
      } as unknown as string);
    } catch (e) {
      stack = String((e as Error).stack);
    }
    return {
      reads,
      fetchFrame: /at fetch \(<anonymous>:\d+:\d+\)/.test(stack),
      extUrl: stack.includes('chrome-extension://'),
    };
  });
  expect(without).toEqual({ reads: 1, fetchFrame: false, extUrl: false });
  expect(withExt).toEqual({ reads: 1, fetchFrame: true, extUrl: false });
});
