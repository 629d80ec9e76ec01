// The page must not notice us: the same scripts give the same results with and without
// the extension (two browsers, one with it). Each test also checks that the tap really
// saw the traffic, so "equal" never means "the tap was not there".
import type { Page } from '@playwright/test';
import { both } from './both.js';
import { expect, test, type Feed } from './fixtures.js';

async function openedStreams(feed: Feed, path: string): Promise<string[]> {
  return (await feed.messages())
    .filter((m) => m.kind === 'stream-open' && (m.url ?? '').includes(path))
    .map((m) => m.streamId ?? '');
}

test('SSE bytes, SHA-256 and Response identity are unchanged; the tap copies the same bytes', async ({
  page,
  barePage,
  server,
  feedOf,
}) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const feed = await feedOf(page);
  const { withExt, without } = await both(page, barePage, `${server.url}/pages/blank.html`, async () => {
    const res = await fetch('/redirect?events=300', {
      method: 'POST',
      body: JSON.stringify({ threadId: 't', runId: 'r', messages: [] }),
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const parts: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
    }
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) all.set(p, (at += p.length) - p.length);
    const sha = [...new Uint8Array(await crypto.subtle.digest('SHA-256', all))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
    return {
      sha,
      length: all.length,
      isResponse: res instanceof Response,
      url: new URL(res.url).pathname + new URL(res.url).search,
      redirected: res.redirected,
      type: res.type,
      status: res.status,
      ok: res.ok,
      ct: res.headers.get('content-type'),
      bodyUsed: res.bodyUsed,
      proto: Object.getPrototypeOf(res) === Response.prototype,
    };
  });
  const info = (await (await fetch(`${server.url}/sse-info?events=300`)).json()) as { sha: string; length: number };
  expect(withExt).toEqual(without);
  expect(withExt).toMatchObject({
    sha: info.sha,
    length: info.length,
    redirected: true,
    url: '/sse?events=300',
    type: 'basic',
  });
  // ...and the tap saw exactly those bytes (the page was reloaded by `both`, so look up the stream by url).
  const ids = await expect
    .poll(() => openedStreams(feed, '/sse?events=300'))
    .toHaveLength(1)
    .then(() => openedStreams(feed, '/sse?events=300'));
  await expect
    .poll(async () => (await feed.messages()).find((m) => m.kind === 'stream-end' && m.streamId === ids[0])?.reason)
    .toBe('complete');
  const text = await feed.streamText(ids[0] as string);
  expect(Buffer.byteLength(text)).toBe(info.length);
});

test('clone(), text() and a BYOB reader work as without the extension', async ({ page, barePage, server }) => {
  const { withExt, without } = await both(page, barePage, `${server.url}/pages/blank.html`, async () => {
    const res = await fetch('/sse?events=20');
    const copy = res.clone();
    const [a, b] = await Promise.all([res.text(), copy.text()]);
    const byob = (await fetch('/sse?events=5')).body?.getReader({ mode: 'byob' });
    const first = await byob?.read(new Uint8Array(4096));
    return {
      a: a.length,
      same: a === b,
      cloneUrl: new URL(copy.url).pathname,
      byob: first?.value?.byteLength !== undefined && first.value.byteLength > 0,
    };
  });
  expect(withExt).toEqual(without);
  expect(withExt).toMatchObject({ same: true, cloneUrl: '/sse', byob: true });
});

for (const how of ['abort', 'cancel'] as const) {
  test(`${how === 'abort' ? 'AbortController.abort()' : 'reader.cancel()'} reaches the server promptly`, async ({
    page,
    barePage,
    server,
    feedOf,
  }) => {
    await page.goto(`${server.url}/pages/blank.html`);
    const feed = await feedOf(page);
    const run = (p: Page, id: string) =>
      p.evaluate(
        async ([id, how]) => {
          const ac = new AbortController();
          const res = await fetch(`/hold?id=${id}`, { signal: ac.signal });
          const reader = (res.body as ReadableStream<Uint8Array>).getReader();
          await reader.read();
          const t0 = performance.now();
          const endedAt = Date.now();
          let outcome = 'resolved';
          if (how === 'abort') {
            const pending = reader.read();
            ac.abort();
            outcome = await pending.then(
              () => 'resolved',
              (e: Error) => e.name,
            );
          } else await reader.cancel('bye');
          return { outcome, ms: performance.now() - t0, endedAt };
        },
        [id, how] as const,
      );
    await barePage.goto(`${server.url}/pages/blank.html`);
    const [withExt, without] = await Promise.all([run(page, `ext-${how}`), run(barePage, `bare-${how}`)]);
    expect(withExt.outcome).toBe(without.outcome);
    expect(withExt.outcome).toBe(how === 'abort' ? 'AbortError' : 'resolved');
    expect(withExt.ms).toBeLessThan(500);
    // The server sees both connections close, and ours no later than the bare browser's, give
    // or take a second. Measured against the bare browser, not a fixed deadline: on a loaded
    // machine (two busy loops beside the suite) both took over 3 s once.
    const closed = (id: string) => server.closed.has(id);
    await expect.poll(() => closed(`ext-${how}`) && closed(`bare-${how}`), { timeout: 15_000 }).toBe(true);
    const delay = (id: string, endedAt: number) => (server.closed.get(id) ?? Infinity) - endedAt;
    expect(delay(`ext-${how}`, withExt.endedAt)).toBeLessThan(delay(`bare-${how}`, without.endedAt) + 1_000);
    await expect
      .poll(async () => (await feed.messages()).filter((m) => m.kind === 'stream-end').map((m) => m.reason))
      .toEqual([how === 'abort' ? 'aborted' : 'cancelled']);
  });
}

test('Request objects with bodies reach the server intact', async ({ page, barePage, server, feedOf }) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const feed = await feedOf(page);
  await barePage.goto(`${server.url}/pages/blank.html`);
  const run = (p: Page, id: string) =>
    p.evaluate(async (id) => {
      const body = JSON.stringify({
        threadId: 't',
        runId: id,
        messages: [{ id: 'm', role: 'user', content: 'héllo' }],
      });
      const req = new Request(`/sse?events=8&id=${id}`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', authorization: 'Bearer secret' },
      });
      const res = await fetch(req);
      return { text: (await res.text()).length, used: req.bodyUsed };
    }, id);
  const [withExt, without] = await Promise.all([run(page, 'req-ext'), run(barePage, 'req-bare')]);
  expect(withExt).toEqual(without);
  expect(server.bodies.get('req-ext')).toBe(server.bodies.get('req-bare')?.replace('req-bare', 'req-ext'));
  await expect
    .poll(async () => (await feed.messages()).find((m) => m.kind === 'stream-open'))
    .toMatchObject({
      method: 'POST',
      requestBody: server.bodies.get('req-ext'),
      requestHeaders: { authorization: '[redacted]', 'content-type': 'application/json' },
    });
});

test('non-event-stream responses and 204/304 are the untouched originals', async ({
  page,
  barePage,
  server,
  feedOf,
}) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const feed = await feedOf(page);
  const { withExt, without } = await both(page, barePage, `${server.url}/pages/blank.html`, async () => {
    const json = await fetch('/json');
    const own = Object.getOwnPropertyNames(json);
    const noContent = await fetch('/204');
    const notModified = await fetch('/304', { headers: { 'if-none-match': '"v1"' } });
    const props = (r: Response) => [r.status, Object.getOwnPropertyNames(r).length, r.body === null];
    return { own, json: await json.text(), s204: props(noContent), s304: props(notModified) };
  });
  expect(withExt).toEqual(without);
  expect(withExt).toMatchObject({
    own: [],
    json: '{"ok":true,"n":[1,2,3]}',
    s204: [204, 0, false],
    s304: [304, 0, false],
  });
  await page.evaluate(() => fetch('/sse?events=4').then((r) => r.text()));
  await expect
    .poll(async () =>
      (await feed.messages()).filter((m) => m.kind === 'stream-open').map((m) => new URL(m.url ?? '').pathname),
    )
    .toEqual(['/sse']);
});

test('patched functions look native and the page gets no new globals', async ({ page, barePage, server }) => {
  const { withExt, without } = await both(page, barePage, `${server.url}/pages/blank.html`, async () => {
    const es = new EventSource('/es');
    es.close();
    const xhr = new XMLHttpRequest();
    return {
      globals: Object.getOwnPropertyNames(window).sort(),
      fetch: [Function.prototype.toString.call(fetch), fetch.name, fetch.length, String(fetch)],
      es: [
        String(EventSource),
        EventSource.name,
        EventSource.length,
        es instanceof EventSource,
        es.constructor === EventSource,
        EventSource.CLOSED,
      ],
      toString: String(Function.prototype.toString),
      xhr: [String(xhr.open), xhr.open.length, String(xhr.send)],
      own: Object.getOwnPropertyNames(window.fetch),
    };
  });
  expect(withExt).toEqual(without);
  expect(withExt.fetch).toEqual([
    'function fetch() { [native code] }',
    'fetch',
    1,
    'function fetch() { [native code] }',
  ]);
});

test('a page with a strict CSP works and is captured', async ({ page, barePage, server, feedOf }) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const feed = await feedOf(page);
  const { withExt, without } = await both(
    page,
    barePage,
    `${server.url}/pages/csp.html`,
    () => (window as unknown as { cspResult: Promise<unknown> }).cspResult,
  );
  expect(withExt).toEqual(without);
  await expect
    .poll(async () => (await feed.messages()).filter((m) => m.kind === 'stream-end').map((m) => m.reason))
    .toEqual(['complete']);
});

test('an iframe behaves the same and its streams are captured, marked as not top', async ({
  page,
  barePage,
  server,
  feedOf,
}) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const feed = await feedOf(page);
  await Promise.all([page.goto(`${server.url}/pages/iframe.html`), barePage.goto(`${server.url}/pages/iframe.html`)]);
  const inFrame = (p: Page) =>
    p
      .frameLocator('#f')
      .locator('body')
      .evaluate(async () => (await (await fetch('/sse?events=30')).text()).length);
  const [a, b] = await Promise.all([inFrame(page), inFrame(barePage)]);
  expect(a).toBe(b);
  // The tap in iframe.html and in its frame (blank.html) say which is top. The first
  // blank.html's own tap-ready is not asserted: whether the feed gets it before the tab
  // navigates on is a race (one CI run saw only two of the three).
  await expect
    .poll(async () =>
      (await feed.messages()).flatMap((m) =>
        m.kind === 'tap-ready' ? [`${new URL(m.frameUrl ?? '', server.url).pathname} ${m.top ? 'top' : 'frame'}`] : [],
      ),
    )
    .toEqual(expect.arrayContaining(['/pages/iframe.html top', '/pages/blank.html frame']));
  await expect
    .poll(async () => (await feed.messages()).filter((m) => m.kind === 'stream-end').map((m) => m.reason))
    .toEqual(['complete']);
});

test('EventSource named events: the page sees the same, the tap records what the page listens for', async ({
  page,
  barePage,
  server,
  feedOf,
}) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const feed = await feedOf(page);
  const script = () =>
    new Promise<string[][]>((resolve) => {
      const seen: string[][] = [];
      const es = new EventSource('/es');
      const log = (e: Event) =>
        seen.push([e.type, String((e as MessageEvent).data ?? ''), (e as MessageEvent).lastEventId ?? '']);
      es.onmessage = log;
      es.addEventListener('tick', log);
      es.addEventListener('done', (e) => {
        log(e);
        es.close();
        resolve(seen);
      });
    });
  const withExt = await page.evaluate(script);
  await barePage.goto(`${server.url}/pages/blank.html`);
  expect(withExt).toEqual(await barePage.evaluate(script));
  expect(withExt.map((e) => e[0])).toEqual(['message', 'tick', 'tick', 'done']);
  await expect
    .poll(async () =>
      (await feed.messages())
        .filter((m) => m.kind === 'stream-message' || m.kind === 'stream-end')
        .map((m) => [m.kind, m.event ?? m.reason, m.lastEventId ?? '']),
    )
    .toEqual([
      ['stream-message', 'message', '1'],
      ['stream-message', 'tick', '2'],
      ['stream-message', 'tick', '4'],
      ['stream-message', 'done', '5'],
      ['stream-end', 'closed', ''],
    ]);
});

test('XMLHttpRequest event streams: same responseText, captured with coarse timing', async ({
  page,
  barePage,
  server,
  feedOf,
}) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const feed = await feedOf(page);
  const script = () =>
    new Promise<{ text: number; states: number[] }>((resolve) => {
      const xhr = new XMLHttpRequest();
      const states: number[] = [];
      xhr.onreadystatechange = () => {
        if (!states.includes(xhr.readyState)) states.push(xhr.readyState);
      };
      xhr.onload = () => resolve({ text: xhr.responseText.length, states });
      xhr.open('POST', '/sse?events=50');
      xhr.setRequestHeader('X-Api-Key', 'k');
      xhr.send('{"threadId":"t"}');
    });
  const withExt = await page.evaluate(script);
  await barePage.goto(`${server.url}/pages/blank.html`);
  expect(withExt).toEqual(await barePage.evaluate(script));
  await expect
    .poll(async () => (await feed.messages()).filter((m) => m.kind === 'stream-end').map((m) => m.reason))
    .toEqual(['complete']);
  const open = (await feed.messages()).find((m) => m.kind === 'stream-open') as
    { coarseTiming?: boolean; requestHeaders?: Record<string, string>; streamId?: string } | undefined;
  expect(open).toMatchObject({ coarseTiming: true, requestHeaders: { 'x-api-key': '[redacted]' } });
  expect((await feed.streamText(open?.streamId ?? '')).length).toBe(withExt.text);
});
