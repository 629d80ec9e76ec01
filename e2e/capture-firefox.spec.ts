// The capture path in real Firefox (Debian's firefox-esr over WebDriver BiDi, see
// harness/firefox.ts): the built Firefox extension (dist-firefox/) taps the demo app's
// runs against the demo agent and the panel page, at its moz-extension:// URL with
// ?tabId=N, shows them: a fetch run, an EventSource run, a reopen violation, and runs made
// before the panel connected (nothing lost). Run by `playwright.firefox.config.ts`
// (`npm test` stage "e2e-firefox"); Firefox's DevTools panel itself cannot be driven, and
// the panel page at ?tabId=N is the same code.
import { expect, test } from '@playwright/test';
import type { Page } from 'puppeteer-core';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { launchFirefoxWithExtension, type FirefoxLaunch } from '../harness/firefox.js';

let demo: DemoServer;
let ff: FirefoxLaunch;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  demo = await startDemoServer({ port: 0, delayMs: 0 });
  ff = await launchFirefoxWithExtension();
});
test.afterAll(async () => {
  await ff?.close();
  await demo?.close();
});

type ExtensionGlobal = { browser: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } } };

/** A new tab on the demo app, and its tab id as the extension sees it. */
async function demoTab(): Promise<{ page: Page; tabId: number }> {
  const page = await ff.browser.newPage();
  const marker = `ff-${Math.random().toString(36).slice(2)}`;
  await page.goto(`${demo.url}/?${marker}`);
  await page.waitForFunction(() => typeof (window as unknown as { runScenario?: unknown }).runScenario === 'function');
  const tabId = await ff.panel.evaluate(async (m) => {
    const tabs = await (globalThis as unknown as ExtensionGlobal).browser.tabs.query({});
    return tabs.find((t) => t.url?.includes(m))?.id ?? -1;
  }, marker);
  expect(tabId).toBeGreaterThanOrEqual(0);
  return { page, tabId };
}

type TabsCreate = { browser: { tabs: { create(p: { url: string; active: boolean }): Promise<unknown> } } };

/**
 * Opens a fresh panel page for a tab (its own session) in a tab of its own, created by the
 * extension (BiDi cannot navigate to moz-extension:// URLs), and waits until it has loaded.
 */
async function panelFor(tabId: number): Promise<Page> {
  const url = `${ff.origin}/panel.html?tabId=${tabId}`;
  await ff.panel.evaluate(
    (u) => (globalThis as unknown as TabsCreate).browser.tabs.create({ url: u, active: true }),
    url,
  );
  const panel = await ff.page((u) => u === url);
  await panel.waitForFunction(() => document.readyState === 'complete', { timeout: 20_000 });
  return panel;
}

async function runScenario(page: Page, name: string): Promise<{ ok: boolean; runs: number }> {
  return page.evaluate(
    (n) => (window as unknown as { runScenario: (s: string) => Promise<{ ok: boolean; runs: number }> }).runScenario(n),
    name,
  );
}

/** Waits until the text of the first element matching `selector` matches `pattern`; returns it. */
async function panelText(panel: Page, selector: string, pattern: RegExp): Promise<string> {
  const handle = await panel.waitForFunction(
    (sel, src, flags) => {
      const text = document.querySelector(sel)?.textContent ?? '';
      return new RegExp(src, flags).test(text) ? text : false;
    },
    { timeout: 20_000 },
    selector,
    pattern.source,
    pattern.flags,
  );
  return (await handle.jsonValue()) as string;
}

const HEALTH = '[role="status"][aria-label="Capture health"]';

test('Firefox: a fetch run (HttpAgent) is captured and shown in the panel', async () => {
  const { page, tabId } = await demoTab();
  const panel = await panelFor(tabId);
  await panelText(panel, HEALTH, /connected · tap ×\d+/);
  expect(await runScenario(page, 'backend-tool')).toMatchObject({ ok: true });
  expect(await panelText(panel, HEALTH, /1 stream\b/)).not.toMatch(/dropped/);
  expect(await panelText(panel, 'select[aria-label="Run"]', /All runs \(1\)/)).toMatch(/success/);
  await page.close();
  await panel.close();
});

test('Firefox: an EventSource run is captured', async () => {
  const { page, tabId } = await demoTab();
  const panel = await panelFor(tabId);
  await panelText(panel, HEALTH, /connected/);
  expect(await runScenario(page, 'eventsource')).toMatchObject({ ok: true });
  await panelText(panel, HEALTH, /1 stream\b/);
  await panelText(panel, 'select[aria-label="Run"]', /All runs \(1\)/);
  await page.close();
  await panel.close();
});

test('Firefox: a reopened call under another name is a finding', async () => {
  const { page, tabId } = await demoTab();
  const panel = await panelFor(tabId);
  await panelText(panel, HEALTH, /connected/);
  await runScenario(page, 'reopen-renamed');
  await panelText(panel, HEALTH, /1 stream\b/);
  await panelText(panel, '[role="tablist"]', /Findings \([1-9]\d*\)/);
  await panel.evaluate(() => {
    const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => /^Findings/.test(t.textContent ?? ''));
    (tab as HTMLElement | undefined)?.click();
  });
  await panelText(panel, '.agui-root', /tool-call\/reopen-name-mismatch/);
  await page.close();
  await panel.close();
});

test('Firefox: runs made before the panel connected are all there, nothing dropped', async () => {
  const { page, tabId } = await demoTab();
  for (const name of ['backend-tool', 'eventsource', 'reopen-renamed']) await runScenario(page, name);
  const panel = await panelFor(tabId);
  const health = await panelText(panel, HEALTH, /3 streams/);
  expect(health).not.toMatch(/dropped/);
  await panelText(panel, 'select[aria-label="Run"]', /All runs \(3\)/);
  await page.close();
  await panel.close();
});

test('Firefox: the installed extension holds no webRequest until the user turns the counter on', async () => {
  type Perms = {
    browser: { permissions: { getAll(): Promise<{ permissions?: string[] }>; contains(p: object): Promise<boolean> } };
  };
  const held = await ff.panel.evaluate(async () => {
    const { permissions } = (globalThis as unknown as Perms).browser;
    return {
      all: (await permissions.getAll()).permissions ?? [],
      webRequest: await permissions.contains({ permissions: ['webRequest'] }),
    };
  });
  expect(held.all).toContain('devtools');
  expect(held.all).not.toContain('webRequest');
  expect(held.webRequest).toBe(false);
});
