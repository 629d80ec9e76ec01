// Finding and launching Chromium for `npm start` and the e2e tests. Order: CHROMIUM_PATH,
// Debian's real binary (not the /usr/bin wrapper, which adds its own flags; see
// docs/architecture.md, "Testing in real Chromium"), the wrapper, then Playwright's own browser when one is installed.
import { chromium, type BrowserContext } from '@playwright/test';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const SYSTEM_PATHS = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const INSTALL_HINT =
  'No Chromium found. Install it (Debian/Ubuntu: `apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium binary.';

/** Quiet flags: no background networking or updates (offline machines, stable timing). */
export const QUIET_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The tests' flags: quiet, and no GPU. Headless Chromium otherwise composites through a GPU
 * process running SwiftShader; without it the panel specs took 14 % less CPU (82 → 70 CPU-s
 * under cpuacct, 2026-12-07) and nothing a test looks at changed. `npm start` keeps the GPU.
 */
export const NO_GPU_ARGS = ['--disable-gpu'];
export const TEST_ARGS = [...QUIET_ARGS, ...NO_GPU_ARGS];

function playwrightBrowser(): string | undefined {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The Chromium binary to use, or undefined when there is none. */
export function locateChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return SYSTEM_PATHS.find((p) => existsSync(p)) ?? playwrightBrowser();
}

/** Like locateChromium, but fails with the install hint (and names a bad CHROMIUM_PATH). */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const path = locateChromium(env);
  if (path) return path;
  if (env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist. ${INSTALL_HINT}`);
  throw new Error(INSTALL_HINT);
}

const HEADLESS_SHELL_PATHS = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'];

/**
 * The Chromium for pages without the extension (the Playwright fixture's specs, the panel
 * harness, a user's project in the smoke): CHROMIUM_HEADLESS_SHELL_PATH, Debian's
 * `chromium-headless-shell`, else the full Chromium of findChromium. The headless shell is
 * what Playwright itself runs for headless Chromium, so the fixture's tests run where its
 * users' do; it cannot load extensions, and it took 96 CPU-s where full Chromium took 218
 * for playwright-replay.spec.ts (cpuacct, 2026-12-07).
 */
export function findHeadlessShell(
  env: NodeJS.ProcessEnv = process.env,
  systemPaths: readonly string[] = HEADLESS_SHELL_PATHS,
): string {
  const fromEnv = env.CHROMIUM_HEADLESS_SHELL_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_HEADLESS_SHELL_PATH=${fromEnv} does not exist.`);
  }
  return systemPaths.find((p) => existsSync(p)) ?? findChromium(env);
}

export interface ExtensionLaunch {
  readonly context: BrowserContext;
  readonly extensionId: string;
  /** Closes the browser and removes the temporary profile. */
  close(): Promise<void>;
}

export interface ExtensionLaunchOptions {
  readonly extensionDir?: string;
  readonly headless: boolean;
  /** Open a DevTools window for every tab (the only way to reach the real panel headless). */
  readonly devtools?: boolean;
  readonly args?: readonly string[];
}

// Undocked DevTools fill their own window, so a screenshot of it is all DevTools rather
// than a strip beside an empty page area. DevTools keeps this in the profile's prefs.
function preferUndockedDevtools(profile: string): void {
  mkdirSync(join(profile, 'Default'), { recursive: true });
  const prefs = { devtools: { preferences: { currentDockState: JSON.stringify('undocked') } } };
  writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify(prefs));
}

/** Launches Chromium with the unpacked extension in a fresh temporary profile. */
export async function launchWithExtension(opts: ExtensionLaunchOptions): Promise<ExtensionLaunch> {
  const ext = resolve(opts.extensionDir ?? 'dist'); // the flags need an absolute path
  if (!existsSync(join(ext, 'manifest.json')))
    throw new Error(`${ext}/manifest.json is missing: run \`npm run build\` first.`);
  if (opts.devtools) process.env.PW_CHROMIUM_ATTACH_TO_OTHER = '1'; // DevTools windows become Pages (recipe §4a)
  const profile = mkdtempSync(join(tmpdir(), 'agui-inspector-'));
  if (opts.devtools) preferUndockedDevtools(profile);
  const context = await chromium
    .launchPersistentContext(profile, {
      executablePath: findChromium(),
      headless: opts.headless,
      viewport: null,
      args: [
        ...QUIET_ARGS,
        `--disable-extensions-except=${ext}`,
        `--load-extension=${ext}`,
        ...(opts.devtools ? ['--auto-open-devtools-for-tabs'] : []),
        ...(opts.args ?? []),
      ],
    })
    .catch((err: unknown) => {
      rmSync(profile, { recursive: true, force: true });
      throw err;
    });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 10_000 }));
  return {
    context,
    extensionId: new URL(worker.url()).host,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
