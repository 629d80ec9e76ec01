// Launching Debian's firefox-esr with the built Firefox extension (dist-firefox/) for the
// Firefox e2e tests, over WebDriver BiDi (puppeteer-core; Playwright's Firefox needs its own
// patched build). BiDi refuses to navigate to a moz-extension:// URL, and an add-on installed
// after launch (BiDi's `webExtension.install`, a temporary add-on) has no page open to start
// from; so the extension is installed as an unsigned XPI in a fresh profile (ESR honours
// `xpinstall.signatures.required`), with a fixed UUID (`extensions.webextensions.uuids`), and
// its panel page is the start page. From that page (the extension's own origin) the tests
// open more extension pages with `browser.tabs.create` and find them by URL (`page()`).
// AGUI_FF_DUMPIO=1 prints Firefox's own output and its console (content scripts' errors
// included) to the terminal: where a script that failed to load says so.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import JSZip from 'jszip';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

const FIREFOX_PATHS = ['/usr/lib/firefox-esr/firefox-esr', '/usr/bin/firefox-esr', '/usr/bin/firefox'];
/** Fixed, so the panel's moz-extension:// origin is known before launch. */
export const FIREFOX_EXTENSION_UUID = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

export function locateFirefox(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.FIREFOX_PATH) return existsSync(env.FIREFOX_PATH) ? env.FIREFOX_PATH : undefined;
  return FIREFOX_PATHS.find((p) => existsSync(p));
}

export interface FirefoxLaunch {
  readonly browser: Browser;
  /** The extension's panel page (the offline viewer until moved to ?tabId=N). */
  readonly panel: Page;
  readonly origin: string;
  /** The first open page, or the next to open, whose URL `match` accepts. */
  page(match: (url: string) => boolean): Promise<Page>;
  close(): Promise<void>;
}

/** The extension directory as an XPI (a zip with the manifest at its root). */
async function xpiOf(dir: string): Promise<Buffer> {
  const zip = new JSZip();
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const full = join(dir, rel);
    if (statSync(full).isFile()) zip.file(rel.split('\\').join('/'), readFileSync(full));
  }
  return zip.generateAsync({ type: 'nodebuffer' });
}

export async function launchFirefoxWithExtension(extensionDir = 'dist-firefox'): Promise<FirefoxLaunch> {
  const ext = resolve(extensionDir);
  const manifestFile = join(ext, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npm run build:firefox\` first.`);
  const firefox = locateFirefox();
  if (!firefox)
    throw new Error('No Firefox found. Install it (Debian: `apt-get install -y firefox-esr`) or set FIREFOX_PATH.');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    browser_specific_settings?: { gecko?: { id?: string } };
  };
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (!id) throw new Error(`${manifestFile} has no gecko id`);
  const profile = mkdtempSync(join(tmpdir(), 'agui-firefox-'));
  mkdirSync(join(profile, 'extensions'));
  writeFileSync(join(profile, 'extensions', `${id}.xpi`), await xpiOf(ext));
  const origin = `moz-extension://${FIREFOX_EXTENSION_UUID}`;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefox,
    headless: true,
    dumpio: !!process.env.AGUI_FF_DUMPIO,
    userDataDir: profile,
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [id]: FIREFOX_EXTENSION_UUID }),
      'xpinstall.signatures.required': false,
      'extensions.autoDisableScopes': 0,
      'extensions.enabledScopes': 15,
      ...(process.env.AGUI_FF_DUMPIO
        ? { 'devtools.console.stdout.content': true, 'devtools.console.stdout.chrome': true }
        : {}),
    },
    args: [`${origin}/panel.html`],
  });
  const page = (match: (url: string) => boolean): Promise<Page> => findPage(browser, match);
  const panel = await page((u) => u.startsWith(origin));
  return {
    browser,
    panel,
    origin,
    page,
    async close() {
      await browser.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Polls the open pages (as `expect.poll` would), asking each for its `location.href`: a tab
 * the extension opens starts as about:blank, and puppeteer's BiDi `page.url()` (and target
 * events) never learn its extension URL.
 */
async function findPage(browser: Browser, match: (url: string) => boolean, ms = 20_000): Promise<Page> {
  const until = Date.now() + ms;
  for (;;) {
    for (const p of await browser.pages()) {
      const href = await p.evaluate(() => location.href).catch(() => p.url());
      if (match(href)) return p;
    }
    if (Date.now() > until) throw new Error('timed out waiting for the extension page');
    await new Promise((r) => setTimeout(r, 100)); // polling interval, not a wait for time
  }
}
