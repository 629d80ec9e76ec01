// Playwright fixtures for the extension tier: Chromium with the built extension (one launch
// per worker, shared by its tests: each test gets its own tab and leaves none behind, and
// the panel's settings are cleared after it; a fresh profile per test for DevTools, the
// granted-permission copy, or a test.use({ freshProfile: true })), its service worker and id, a plain Chromium without the extension
// for with/without comparisons, a local test server, and helpers to reach the pop-out
// panel tab, the real DevTools panel, and the raw relay feed (how each works:
// docs/architecture.md, "Testing in real Chromium").
import { test as base, expect, type BrowserContext, type Frame, type Page, type Worker } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchWithExtension, NO_GPU_ARGS } from '../harness/chromium.js';
import { workerFixtures, type WorkerFixtures } from './worker-fixtures.js';

export { expect };

/** A relay message as the panel receives it (kept loose: tests look at a few fields). */
export interface FeedMessage {
  readonly kind: string;
  readonly streamId?: string;
  readonly seq?: number;
  readonly base64?: string;
  /** A chunk of valid UTF-8 travels as text instead of base64. */
  readonly text?: string;
  /** A chunk read back from a ChunkBlob (the feed expands them, in order, as the panel's transport does). */
  readonly bytes?: Uint8Array;
  readonly reason?: string;
  readonly event?: string;
  readonly data?: string;
  readonly lastEventId?: string;
  readonly url?: string;
  readonly method?: string;
  readonly requestBody?: string;
  readonly requestHeaders?: Record<string, string>;
  readonly top?: boolean;
  /** tap-ready: the document the tap runs in. */
  readonly frameUrl?: string;
  readonly dropped?: number;
}

export interface Feed {
  /** Everything received so far (JSON copies). */
  messages(): Promise<FeedMessage[]>;
  /** The bytes of every stream-chunk of one stream, concatenated, decoded as UTF-8. */
  streamText(streamId: string): Promise<string>;
}

interface TestFixtures {
  /** Launch with --auto-open-devtools-for-tabs (real DevTools panel tests only). */
  devtools: boolean;
  /**
   * The optional `webRequest` permission already granted (the worker-stream counter on): a
   * copy of dist/ whose manifest requires it, since a test cannot answer the browser's prompt.
   */
  webRequestGranted: boolean;
  /** A profile of its own (a launch per test): for a test that needs the browser as new. */
  freshProfile: boolean;
  context: BrowserContext;
  extensionId: string;
  sw: Worker;
  page: Page;
  /** A page in Chromium without the extension. */
  barePage: Page;
  tabIdOf: (page: Page) => Promise<number>;
  /** Connects like a panel to the page's tab and records the relay feed. */
  feedOf: (page: Page) => Promise<Feed>;
  openPanelTab: (page: Page) => Promise<Page>;
  openDevtoolsPanel: (page: Page) => Promise<Frame>;
  /** The DevTools window inspecting the page, once its DevTools page has loaded (our panel not shown). */
  devtoolsOf: (page: Page) => Promise<Page>;
}

/** A temporary copy of dist/ whose manifest holds the optional `webRequest` as granted. */
function distWithWebRequestGranted(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agui-dist-webrequest-'));
  cpSync(resolve('dist'), dir, { recursive: true });
  const file = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...manifest, permissions: ['webRequest'] }));
  return dir;
}

async function poll<T>(
  fn: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100)); // polling interval, not a sleep standing in for a condition
  }
}

/**
 * After a test in the shared browser: its panel settings (the extension origin's
 * localStorage) cleared and every tab it used closed, so what the extension holds for those
 * tabs goes with them; a new blank tab is the next test's page (and keeps the browser open).
 */
async function leaveAsFound(context: BrowserContext): Promise<void> {
  const extensionPage = context.pages().find((p) => p.url().startsWith('chrome-extension://'));
  await extensionPage?.evaluate(() => localStorage.clear()).catch(() => undefined);
  const next = await context.newPage();
  for (const p of context.pages()) if (p !== next) await p.close().catch(() => undefined);
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  ...workerFixtures,
  devtools: [false, { option: true }],
  webRequestGranted: [false, { option: true }],
  freshProfile: [false, { option: true }],
  context: async ({ devtools, webRequestGranted, freshProfile, sharedExtension }, use) => {
    if (!devtools && !webRequestGranted && !freshProfile) {
      // A launch costs seconds; a tab, milliseconds. The test's tabs go with it.
      const { context } = await sharedExtension();
      await use(context);
      await leaveAsFound(context);
      return;
    }
    const copy = webRequestGranted ? distWithWebRequestGranted() : undefined;
    const launch = await launchWithExtension({
      headless: true,
      devtools,
      args: NO_GPU_ARGS,
      ...(copy ? { extensionDir: copy } : {}),
    });
    await use(launch.context);
    await launch.close();
    if (copy) rmSync(copy, { recursive: true, force: true });
  },
  extensionId: async ({ context }, use) => {
    const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use(new URL(sw.url()).host);
  },
  sw: async ({ context }, use) => {
    await use(context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker')));
  },
  page: async ({ context }, use) => {
    const existing = context.pages().find((p) => !p.url().startsWith('devtools://') && p.url() === 'about:blank');
    await use(existing ?? (await context.newPage()));
  },
  barePage: async ({ fullChromium }, use) => {
    const ctx = await (await fullChromium()).newContext();
    await use(await ctx.newPage());
    await ctx.close();
  },
  tabIdOf: async ({ sw }, use) => {
    await use(async (page) => {
      await page.bringToFront();
      return poll(
        () => sw.evaluate(async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id),
        5_000,
        'the active tab id',
      );
    });
  },
  feedOf: async ({ context, extensionId, tabIdOf }, use) => {
    await use(async (page) => {
      const tabId = await tabIdOf(page);
      const probe = await context.newPage();
      await probe.goto(`chrome-extension://${extensionId}/panel.html`); // offline mode: no connection of its own
      await probe.evaluate((id) => {
        const got: unknown[] = [];
        (globalThis as unknown as { __feed: unknown[] }).__feed = got;
        const port = chrome.runtime.connect({ name: `agui-panel:${id}` });
        type Part = { streamId: string; seq: number; t: number; size: number };
        // Blob reads are asynchronous: one chain keeps the arrival order.
        let chain = Promise.resolve();
        port.onMessage.addListener((m: { msg?: { kind?: string; blob?: Blob; parts?: Part[] } }) => {
          const msg = m.msg;
          chain = chain.then(async () => {
            if (msg?.kind !== 'chunk-blob' || !msg.blob || !msg.parts) return void got.push(msg);
            const buf = await msg.blob.arrayBuffer();
            let at = 0;
            for (const p of msg.parts) {
              got.push({
                kind: 'stream-chunk',
                streamId: p.streamId,
                seq: p.seq,
                t: p.t,
                bytes: new Uint8Array(buf, at, p.size),
              });
              at += p.size;
            }
          });
        });
        port.postMessage({ source: 'agui-inspector', v: 1, msg: { kind: 'hello', panelId: 'e2e-feed' } });
      }, tabId);
      await page.bringToFront();
      return {
        messages: () => probe.evaluate(() => (globalThis as unknown as { __feed: FeedMessage[] }).__feed.slice()),
        streamText: (streamId) =>
          probe.evaluate((sid) => {
            const feed = (globalThis as unknown as { __feed: FeedMessage[] }).__feed;
            const seen = new Set<number>();
            const parts: Uint8Array[] = [];
            for (const m of feed) {
              if (m.kind !== 'stream-chunk' || m.streamId !== sid || seen.has(m.seq ?? -1)) continue;
              seen.add(m.seq ?? -1);
              parts.push(
                m.bytes !== undefined
                  ? m.bytes
                  : m.text !== undefined
                    ? new TextEncoder().encode(m.text)
                    : Uint8Array.from(atob(m.base64 ?? ''), (c) => c.charCodeAt(0)),
              );
            }
            const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
            let at = 0;
            for (const p of parts) all.set(p, (at += p.length) - p.length);
            return new TextDecoder().decode(all);
          }, streamId),
      };
    });
  },
  openPanelTab: async ({ context, extensionId, tabIdOf, sw }, use) => {
    await use(async (page) => {
      const tabId = await tabIdOf(page);
      const url = `chrome-extension://${extensionId}/panel.html?tabId=${tabId}`;
      // A window of its own, as the panel popped out of DevTools sits beside the page: a
      // background tab of the page's window would draw a frame a second, and every
      // Playwright action there waits two frames for the element to be stable.
      const opened = context.waitForEvent('page', { predicate: (p) => p.url() === url });
      await sw.evaluate((u) => chrome.windows.create({ url: u, focused: false }).then(() => undefined), url);
      const panel = await opened;
      await panel.waitForLoadState('domcontentloaded');
      return panel;
    });
  },
  devtoolsOf: async ({ context }, use) => {
    await use((page) =>
      poll(
        async () => {
          for (const p of context.pages()) {
            if (!p.url().startsWith('devtools://')) continue;
            const f = p
              .frames()
              .find((fr) => fr.url().startsWith('chrome-extension://') && fr.url().endsWith('/devtools.html'));
            const href = f
              ? await f
                  .evaluate(
                    () =>
                      new Promise<string>((r) =>
                        chrome.devtools.inspectedWindow.eval('location.href', (...a: unknown[]) => r(String(a[0]))),
                      ),
                  )
                  .catch(() => '')
              : '';
            if (href === page.url()) return p;
          }
          return undefined;
        },
        20_000,
        'the DevTools window of the page',
      ),
    );
  },
  openDevtoolsPanel: async ({ devtoolsOf }, use) => {
    await use(async (page) => {
      const devtools = await devtoolsOf(page);
      const findPanel = (): Frame | undefined => devtools.frames().find((f) => f.url().includes('/panel.html'));
      return poll(
        async () => {
          if (findPanel()) return findPanel();
          await devtools
            .locator('#tab-elements')
            .first()
            .click()
            .catch(() => undefined);
          await devtools.keyboard.press('Control+BracketLeft');
          return poll(findPanel, 1_000, 'the panel frame').catch(() => undefined);
        },
        30_000,
        'our DevTools panel',
      );
    });
  },
});
