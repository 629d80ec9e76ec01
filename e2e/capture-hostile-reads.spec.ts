// Issue 30, "the page can see the tap": probes a page can run inside the getters and
// conversions fetch calls, from a sandboxed frame that has no tap, and on a streamed upload,
// with and without the extension (two browsers). What the platform lets a page tell apart
// is asserted to be exactly what docs/capture.md says it is.
import { both } from './both.js';
import { expect, test } from './fixtures.js';

test('fetch reads init getters and the URL toString exactly as the native does', async ({
  page,
  barePage,
  server,
  feedOf,
}) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const feed = await feedOf(page);
  const { withExt, without } = await both(page, barePage, `${server.url}/pages/blank.html`, async () => {
    const log: string[] = [];
    const url = {
      toString() {
        log.push('toString');
        return '/sse?events=2';
      },
    };
    const init: Record<string, unknown> = {};
    for (const key of ['method', 'headers', 'body', 'signal', 'cache', 'credentials', 'duplex', 'keepalive', 'mode'])
      Object.defineProperty(init, key, {
        get() {
          log.push(key);
          return key === 'headers' ? { accept: 'text/event-stream' } : undefined;
        },
      });
    await (await fetch(url as unknown as string, init as RequestInit)).text();
    return log;
  });
  expect(withExt).toEqual(without);
  expect(without.filter((k) => k === 'toString')).toHaveLength(1);
  await expect.poll(async () => (await feed.messages()).filter((m) => m.kind === 'stream-end').length).toBe(1);
});

test('stack frames inside a getter fetch reads: what a page can see (docs/capture.md)', async ({
  page,
  barePage,
  server,
}) => {
  const { withExt, without } = await both(page, barePage, `${server.url}/pages/blank.html`, async () => {
    const frames: { file: string; fn: string }[][] = [];
    const prepare = (Error as unknown as { prepareStackTrace?: unknown }).prepareStackTrace;
    (Error as unknown as { prepareStackTrace: unknown }).prepareStackTrace = (
      _e: Error,
      sites: { getFileName(): string | null; getFunctionName(): string | null }[],
    ) => sites.map((s) => ({ file: s.getFileName() ?? '', fn: s.getFunctionName() ?? '' }));
    const url = {
      toString() {
        frames.push(new Error().stack as unknown as { file: string; fn: string }[]);
        return '/json';
      },
    };
    const init = {
      get method() {
        frames.push(new Error().stack as unknown as { file: string; fn: string }[]);
        return 'GET';
      },
    };
    await fetch(url as unknown as string, init);
    (Error as unknown as { prepareStackTrace: unknown }).prepareStackTrace = prepare;
    return frames.map((f) => f.map((s) => ({ file: s.file.replace(location.origin, ''), fn: s.fn })));
  });
  expect(without.length).toBe(2);
  expect(withExt.length).toBe(without.length);
  const names = withExt.flat().map((s) => s.fn);
  expect(names).not.toContain('describeRequest');
  // The frames the tap adds, exactly: `fetch` under the URL's toString; the init watcher's
  // `get` and `fetch` under an init getter. Their file is the extension's script: no
  // sourceURL changes CallSite.getFileName(), and a frame cannot be left out of a stack.
  const extra = withExt.map((f, i) =>
    f.filter((s) => !(without[i] ?? []).some((n) => n.file === s.file && n.fn === s.fn)),
  );
  expect(extra.map((f) => f.map((s) => s.fn))).toEqual([['fetch'], ['get', 'fetch']]);
  for (const s of extra.flat()) expect(s.file).toMatch(/^chrome-extension:\/\/[a-p]{32}\/page-tap\.js$/);
});

test('a sandboxed frame without scripts (no tap) prints no source of ours', async ({ page, barePage, server }) => {
  const { withExt, without } = await both(page, barePage, `${server.url}/pages/blank.html`, async () => {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-same-origin');
    document.body.append(frame);
    const F = (frame.contentWindow as unknown as { Function: FunctionConstructor }).Function;
    return [fetch, XMLHttpRequest.prototype.open, XMLHttpRequest.prototype.send, EventSource].map((f) =>
      F.prototype.toString.call(f),
    );
  });
  expect(without[0]).toBe('function fetch() { [native code] }');
  // A Proxy prints as native code in any realm, without its name.
  for (const text of withExt) expect(text).toMatch(/^function (\w+)?\(\) \{ \[native code\] \}$/);
});

/**
 * In the page: how often a streamed upload's source is pulled when handed to fetch as init,
 * then inside a Request (HTTP/1.1: the browser refuses a streamed upload, the fetch rejects).
 */
async function uploadPulls({ bytes, size }: { bytes: boolean; size: number }): Promise<number[]> {
  const pulls: number[] = [];
  for (const asRequest of [false, true]) {
    let n = 0;
    const pull = (c: { enqueue(v: Uint8Array<ArrayBuffer>): void; close(): void }): void => {
      n++;
      if (n > 300) c.close();
      else c.enqueue(new Uint8Array(size).fill(97));
    };
    const body = bytes ? new ReadableStream({ type: 'bytes', pull }) : new ReadableStream({ pull });
    const init = { method: 'POST', body, duplex: 'half' } as RequestInit;
    await (asRequest ? fetch(new Request('/agent', init)) : fetch('/agent', init)).catch(() => undefined);
    pulls.push(n);
  }
  return pulls;
}

test('a streamed upload is pulled no more than without the extension, even when the fetch fails, but for a Request over a byte stream', async ({
  page,
  barePage,
  server,
}) => {
  const url = `${server.url}/pages/blank.html`;
  const plain = await both(page, barePage, url, uploadPulls, { bytes: false, size: 64 });
  expect(plain.withExt).toEqual(plain.without);
  // A byte stream is what the browser makes of an in-memory body too, and no check that runs
  // no page code tells the two apart (docs/capture.md, "Request details"), so the tap clones
  // and reads a Request over the page's own byte stream: the page sees pulls it would not see
  // without the extension, up to 256 KB (LIMITS.requestBody) and one chunk more. Handed to
  // fetch as init, it is never read.
  const { withExt, without } = await both(page, barePage, url, uploadPulls, { bytes: true, size: 4096 });
  const [initWith, requestWith] = withExt as [number, number];
  const [initWithout, requestWithout] = without as [number, number];
  expect(initWith).toBe(initWithout);
  // 256 KB of text is 64 chunks of 4 KB; the cap is passed on the 65th, and the tee may have one more queued.
  expect(requestWith).toBeGreaterThan(requestWithout);
  expect(requestWith - requestWithout).toBeLessThanOrEqual(66);
});
