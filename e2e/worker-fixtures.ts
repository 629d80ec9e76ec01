// The worker fixtures of every Chromium spec, in one place, so that every spec file has the
// same worker hash. Playwright hashes a file's worker-scoped fixture registrations into the
// worker it needs (a registration is its name and function), and a worker that takes a file
// of another hash is stopped and a new one started: a Node process, its imports, and its
// browsers again. With the extension's, the panel harness's and the Playwright fixture's
// specs each declaring their own, the two workers restarted at every change of kind, and each
// kind launched its own plain Chromium. Now each worker starts once and keeps what it
// launched; the fixtures start lazily, when a test first asks for them.
//
// The plain Chromium is Playwright's own `browser`: the headless shell (launch options in
// playwright.config.ts). A page compared with one in the extension's browser needs the same
// browser without the extension instead: `fullChromium`.
import {
  chromium,
  type Browser,
  type Fixtures,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
} from '@playwright/test';
import {
  findChromium,
  launchWithExtension,
  NO_GPU_ARGS,
  TEST_ARGS,
  type ExtensionLaunch,
} from '../harness/chromium.js';
import { startHarness, type HarnessServer } from '../harness/panel/serve.js';
import { startTestServer, type TestServer } from '../harness/pages/test-server.js';
import { test as aguiTest } from '../src/playwright/index.js';

export interface WorkerFixtures {
  /** The local test server of the extension specs (harness/pages). */
  server: TestServer;
  /** The worker's Chromium with the extension, launched when a test first needs it. */
  sharedExtension: () => Promise<ExtensionLaunch>;
  /** The panel harness's server (harness/panel): the panel without the extension. */
  harnessServer: HarnessServer;
  /**
   * The extension's Chromium binary without the extension, launched when a test first needs
   * it: the other side of a with/without comparison (the headless shell differs in globals
   * such as `window.chrome`, so it cannot be that side).
   */
  fullChromium: () => Promise<Browser>;
}

/** A worker fixture's value with its scope, as Playwright's `Fixtures` takes it. */
type WorkerFixture<T> = [(args: object, use: (value: T) => Promise<void>) => Promise<void>, { scope: 'worker' }];

interface Closable {
  close(): Promise<void>;
}

/** A server for the worker: started with it, closed at its end. */
function startedForTheWorker<T extends Closable>(start: () => Promise<T>): WorkerFixture<T> {
  return [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here
    async ({}, use) => {
      const server = await start();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ];
}

/** A browser for the worker, launched when a test first asks for it and closed at the worker's end. */
function launchedOnFirstUse<T extends Closable>(launch: () => Promise<T>): WorkerFixture<() => Promise<T>> {
  return [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here
    async ({}, use) => {
      let launched: Promise<T> | undefined;
      await use(() => (launched ??= launch()));
      if (launched) await (await launched).close();
    },
    { scope: 'worker' },
  ];
}

export const workerFixtures: Fixtures<object, WorkerFixtures, object, PlaywrightWorkerArgs & PlaywrightWorkerOptions> =
  {
    server: startedForTheWorker(startTestServer),
    sharedExtension: launchedOnFirstUse(() => launchWithExtension({ headless: true, args: NO_GPU_ARGS })),
    fullChromium: launchedOnFirstUse(() => chromium.launch({ executablePath: findChromium(), args: TEST_ARGS })),
    harnessServer: startedForTheWorker(startHarness),
  };

/**
 * The Playwright fixture as users import it (`agui`, its options and matchers' expect come
 * from src/playwright), with the shared worker fixtures beside it: for the fixture's specs
 * and the specs that need only a plain page.
 */
export const test = aguiTest.extend<object, WorkerFixtures>(workerFixtures);
