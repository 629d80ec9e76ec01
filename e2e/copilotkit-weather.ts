// CopilotKit's real runtime (@copilotkit/runtime v2) with its `a2ui` option on, its
// BuiltInAgent over the AI SDK's mock model answering with the weather surface, and the
// request a CopilotKit front end sends it: the e2e specs that run a real framework's agent
// from a page (the panel's and the Playwright fixture's) share them.
import type { Page } from '@playwright/test';
import { startCopilotKitServer, type CopilotKitServer } from '../src/cli/probe/copilotkit-server.test-helper.js';
import { WEATHER_SURFACE, weatherRunInput } from '../src/cli/probe/weather-surface.test-helper.js';

export const startWeatherRuntime = (): Promise<CopilotKitServer> =>
  startCopilotKitServer({ a2ui: { injectA2UITool: true }, toolInputs: { render_a2ui: WEATHER_SURFACE } });

/** A page on the runtime's origin (no CORS needed): any document of it will do. */
export const openRuntimeOrigin = (page: Page, runtime: CopilotKitServer): Promise<unknown> =>
  page.goto(`${new URL(runtime.url).origin}/api/copilotkit/info`);

/** One user turn asking for the weather surface, run from the page; resolves to the body. */
export const askForWeather = (page: Page, url: string, threadId: string): Promise<string> =>
  page.evaluate(
    ({ url, input }) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify(input),
      }).then((r) => r.text()),
    { url, input: weatherRunInput(threadId) },
  );
