// The transport between tap and panel under load and at its edges, in real Chromium
// with the built extension: no false loss alarm, dead streams end with a reason, a
// closed tab says so, a huge EventSource is cut at the cap (and the panel stays up), a Web
// Worker's event stream is named in capture health once the counter is on (it is off by
// default), and with DevTools closed a late panel gets the latest whole runs and an explained cut.
import { expect, test } from './fixtures.js';

type Page = import('@playwright/test').Page;
const health = (panel: Page) => panel.getByRole('status', { name: 'Capture health' });

/** A blank page of the test server with its panel open and connected. */
async function blankPageWithPanel(page: Page, origin: string, openPanelTab: (p: Page) => Promise<Page>): Promise<Page> {
  await page.goto(`${origin}/pages/blank.html`);
  const panel = await openPanelTab(page);
  await expect(health(panel)).toContainText('connected');
  return panel;
}

/** The panel says the stream at `path` was cut at the 64 MB cap, and still takes a small stream after it. */
async function expectCutAtCapThenResponsive(page: Page, panel: Page, path: RegExp): Promise<void> {
  await expect(health(panel)).toContainText('1 cut at cap', { timeout: 60_000 });
  await expect(health(panel)).toHaveAttribute(
    'title',
    new RegExp(`capture of stream http://127\\.0\\.0\\.1:\\d+${path.source} stopped at 64 MB`),
  );
  await page.evaluate(() => fetch('/sse?events=3').then((r) => r.text()));
  await expect(health(panel)).toContainText('2 streams');
}

test('7,000 tiny streams: all arrive, and no loss is reported', async ({ page, server, openPanelTab }) => {
  test.setTimeout(240_000);
  const panel = await blankPageWithPanel(page, server.url, openPanelTab);
  await page.evaluate(async () => {
    // Three relay messages each (open, chunk, end): 21,000, past the relay's 20,000-message
    // buffer (a second panel opened after them was replayed 6,640 of the 7,000 streams).
    const total = 7_000;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < total) {
        next++;
        // data: URLs: a real fetch and a real stream for the tap, minus the socket limit
        // (six per host) that would make 7,000 HTTP requests take minutes.
        await fetch('data:text/event-stream,data:%20%7B%7D%0A%0A').then((r) => r.text());
      }
    };
    await Promise.all(Array.from({ length: 64 }, worker));
  });
  await expect(health(panel)).toContainText('7000 streams', { timeout: 180_000 });
  await expect(health(panel)).not.toContainText('dropped');
  await expect(health(panel)).toHaveAttribute('title', /nothing lost on the way/);
});

test('a reload mid-stream ends the run "page navigated" (preserve log on)', async ({ page, server, openPanelTab }) => {
  await page.goto(`${server.url}/pages/blank.html`);
  const panel = await openPanelTab(page);
  await panel.getByLabel('Preserve log').check();
  await expect(health(panel)).toContainText('connected');
  await page.evaluate(() => void fetch('/hold?id=reload').then((r) => r.body?.getReader().read()));
  const lanes = panel.getByRole('listbox', { name: 'Timeline lanes' });
  await expect(lanes).toContainText('(live)');
  await page.reload();
  await expect(lanes).toContainText('page navigated');
  await expect(lanes).not.toContainText('(live)');
});

test('closing the tab: the panel says "tab closed" and the open stream ends so', async ({
  page,
  server,
  openPanelTab,
}) => {
  const panel = await blankPageWithPanel(page, server.url, openPanelTab);
  await page.evaluate(() => void fetch('/hold?id=close').then((r) => r.body?.getReader().read()));
  const lanes = panel.getByRole('listbox', { name: 'Timeline lanes' });
  await expect(lanes).toContainText('(live)');
  await page.close();
  await expect(health(panel)).toContainText('tab closed');
  await expect(lanes).toContainText('tab closed');
});

test('an EventSource of 80 × 1 MB: capture stops at 64 MB, health says so, the panel stays up', async ({
  page,
  server,
  openPanelTab,
}) => {
  test.setTimeout(180_000);
  const panel = await blankPageWithPanel(page, server.url, openPanelTab);
  const received = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let n = 0;
        const es = new EventSource('/big-es?n=80&size=1048576');
        es.onmessage = () => void n++;
        es.addEventListener('done', () => (es.close(), resolve(n)));
      }),
  );
  expect(received).toBe(80); // the page got everything: our cap is ours alone
  await expectCutAtCapThenResponsive(page, panel, /\/big-es\?n=80&size=1048576/);
});

test('a fetch stream of 80 × 1 MB with the panel open (Blob batches from the tap): capture stops at 64 MB, the page reads it all', async ({
  page,
  server,
  openPanelTab,
}) => {
  test.setTimeout(180_000);
  const panel = await blankPageWithPanel(page, server.url, openPanelTab);
  const read = await page.evaluate(async () => {
    const reader = ((await fetch('/big-es?n=80&size=1048576')).body as ReadableStream<Uint8Array>).getReader();
    let n = 0;
    for (;;) {
      const r = await reader.read();
      if (r.done) return n;
      n += r.value.byteLength;
    }
  });
  expect(read).toBe(80 * (1048576 + 8) + 'event: done\ndata: end\n\n'.length); // the page got everything
  await expectCutAtCapThenResponsive(page, panel, /\/big-es\?n=80&size=1048576/);
});

test.describe('the worker-stream counter turned on (the optional webRequest permission granted)', () => {
  test.use({ webRequestGranted: true });

  test("a Web Worker's event stream, which the tap cannot read, is named in capture health", async ({
    page,
    server,
    openPanelTab,
  }) => {
    await page.goto(`${server.url}/pages/worker.html`);
    const panel = await openPanelTab(page);
    await expect(health(panel)).toContainText('connected');
    await panel.getByRole('button', { name: 'Settings' }).click();
    await expect(panel.getByRole('button', { name: 'Worker stream counter on' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.evaluate(() => (window as unknown as { startWorker: () => void }).startWorker());
    await expect(health(panel)).toContainText('1 worker stream not tapped');
    await expect(health(panel)).toHaveAttribute(
      'title',
      /the tap cannot read, most likely a Web Worker's \(last: http:\/\/127\.0\.0\.1:\d+\/es\)/,
    );
    // A page's own EventSource is tapped, and not counted as a worker's.
    await page.evaluate(
      () =>
        new Promise<void>((r) => {
          const es = new EventSource('/es');
          es.addEventListener('done', () => (es.close(), r()));
        }),
    );
    await expect(health(panel)).toContainText('1 stream');
    await expect(health(panel)).toContainText('1 worker stream not tapped');
  });
});

test('off by default: the extension holds no webRequest, and capture health offers the counter with its cost', async ({
  page,
  server,
  sw,
  openPanelTab,
}) => {
  expect(await sw.evaluate(() => typeof chrome.webRequest)).toBe('undefined');
  expect(await sw.evaluate(() => chrome.permissions.contains({ permissions: ['webRequest'] }))).toBe(false);
  await page.goto(`${server.url}/pages/worker.html`);
  const panel = await openPanelTab(page);
  await expect(health(panel)).toContainText('connected');
  await panel.getByRole('button', { name: 'Settings' }).click();
  const offer = panel.getByRole('button', { name: 'Count worker streams' });
  await expect(offer).toHaveAttribute('aria-pressed', 'false');
  await expect(offer).toHaveAttribute('title', /webRequest.*every download of every page.*100 MB/);
});

test('with DevTools closed, a panel opened late gets the latest whole runs, and a stream too big to hold opened, cut and explained', async ({
  page,
  server,
  openPanelTab,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${server.url}/pages/blank.html`);
  // No panel, no DevTools: 4 runs of ~1.5 MB (each fits the tap's 2 MB hold, together more
  // than the relay's 4 MB), then a 24 MB stream (more than the hold: cut, the rest not copied).
  // The holds count bytes, so a run is 1,000 events of ~1.5 kB (as many bytes and chunks as
  // 20,000 events of ~75 bytes, a 20th of the events for the panel to parse).
  await page.evaluate(async () => {
    for (let i = 1; i <= 4; i++) {
      const res = await fetch('/agent?events=1000&pad=1440', {
        method: 'POST',
        body: JSON.stringify({ threadId: 'closed', runId: `run-${i}`, messages: [] }),
      });
      await res.arrayBuffer();
    }
    const res = await fetch('/big-es?n=24&size=1048576');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    while (!(await reader.read()).done);
  });
  const panel = await openPanelTab(page);
  const status = health(panel);
  await expect(status).toContainText('dropped');
  const title = (await status.getAttribute('title')) ?? '';
  expect(title).toMatch(/[\d,]+ chunks dropped(?: \(about [\d,]+ events\))?: relay buffer full \(\d+ MB\)/);
  expect(title).toMatch(/[\d,]+ chunks dropped(?: \(about [\d,]+ events\))?: page buffer full \(\d+ MB\)/);
  expect(title).toMatch(
    /capture of stream http:\/\/127\.0\.0\.1:\d+\/big-es\S* stopped: DevTools was closed, and until it opens the page keeps at most 2 MB of streams/,
  );
  // The latest run is there whole: it finished, with no protocol finding from a cut.
  const runs = panel.getByRole('combobox', { name: 'Run' });
  await expect(runs.locator('option', { hasText: 'run run-4 (success)' })).toHaveCount(1);
  await page.evaluate(() => fetch('/sse?events=3').then((r) => r.text()));
  await expect(status).toContainText('connected');
});
