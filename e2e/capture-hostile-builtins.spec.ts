// "A tap the page cannot subvert": a page that replaces the built-ins a tap could call
// (Reflect.apply, Promise.prototype.then, MessagePort.prototype.postMessage, Function
// .prototype.call/apply/bind, the Array iterator, Date.now, performance.now, and what the
// tap's Blob path uses while a panel watches: Blob, TypedArray set, scheduler.postTask), in its head
// or after load, recording or throwing, neither obtains our port nor makes a request
// fail; every request answers as without the extension, the real traffic is captured,
// nothing forged arrives and the tap's timestamps are its own.
import { expect, test } from './fixtures.js';

for (const when of ['head', 'load'] as const) {
  for (const throwing of [false, true]) {
    test(`built-ins replaced (${when}, ${throwing ? 'throwing' : 'recording'}): no port theft, requests succeed, capture holds`, async ({
      page,
      barePage,
      server,
      feedOf,
    }) => {
      await page.goto(`${server.url}/pages/blank.html`);
      const feed = await feedOf(page);
      const url = `${server.url}/pages/hostile-builtins.html?when=${when}&throw=${throwing ? 1 : 0}`;
      const started = Date.now();
      await Promise.all([page.goto(url), barePage.goto(url)]);
      const run = () => (window as unknown as { runRequests: () => Promise<Record<string, unknown>> }).runRequests();
      const [withExt, without] = await Promise.all([page.evaluate(run), barePage.evaluate(run)]);
      expect(without).toMatchObject({ fetchJson: true, stolen: 0, blobPathCalls: 0 });
      expect(typeof without.fetchRead).toBe('number');
      expect(withExt).toEqual(without);
      await expect
        .poll(async () =>
          (await feed.messages())
            .filter((m) => m.kind === 'stream-end')
            .map((m) => m.reason)
            .sort(),
        )
        .toEqual(['closed', 'complete', 'complete', 'complete']);
      const msgs = await feed.messages();
      const opens = msgs.filter((m) => m.kind === 'stream-open');
      expect(opens.map((m) => new URL(m.url ?? '').pathname + new URL(m.url ?? '').search).sort()).toEqual([
        '/es',
        '/sse?events=3',
        '/sse?events=4',
        '/sse?events=7',
      ]);
      expect(msgs.some((m) => (m.streamId ?? '').startsWith('forged') || (m.url ?? '').includes('forged'))).toBe(false);
      // Our clock, not the page's: every stamp lies within the test's own wall-clock window.
      const stamps = msgs.filter((m) => m.kind.startsWith('stream-')).map((m) => (m as unknown as { t: number }).t);
      expect(stamps.length).toBeGreaterThan(4);
      for (const t of stamps) expect(t).toBeGreaterThanOrEqual(started - 1000);
      for (const t of stamps) expect(t).toBeLessThanOrEqual(Date.now() + 1000);
    });
  }
}
