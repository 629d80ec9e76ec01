// Relative-URL requests from about:blank and srcdoc frames resolve against the frame's
// base URL as the browser does (inherited from the creating document), and are captured.
import { expect, test } from './fixtures.js';

test('relative-URL streams from about:blank and srcdoc frames are captured with the URL the browser used', async ({
  page,
  server,
  feedOf,
}) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const feed = await feedOf(page);
  const lengths = await page.evaluate(async () => {
    const blank = document.createElement('iframe');
    document.body.append(blank);
    const srcdoc = document.createElement('iframe');
    srcdoc.srcdoc = '<!doctype html><p>srcdoc</p>';
    const loaded = new Promise((r) => srcdoc.addEventListener('load', r, { once: true }));
    document.body.append(srcdoc);
    await loaded;
    const read = async (w: Window | null, url: string): Promise<number> =>
      (await (await (w as Window & typeof globalThis).fetch(url)).text()).length;
    return [
      await read(blank.contentWindow, '../sse?events=3&from=blank'),
      await read(srcdoc.contentWindow, '/sse?events=2&from=srcdoc'),
    ];
  });
  expect(lengths.every((n) => n > 0)).toBe(true);
  await expect
    .poll(async () =>
      (await feed.messages())
        .filter((m) => m.kind === 'stream-open')
        .map((m) => m.url)
        .sort(),
    )
    .toEqual([`${server.url}/sse?events=3&from=blank`, `${server.url}/sse?events=2&from=srcdoc`].sort());
});
