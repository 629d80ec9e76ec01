// `agui-inspector/playwright`: Playwright's `test` with an `agui` fixture that installs the
// inspector's page tap in every page of the test's browser context (an init script: no
// extension, any browser Playwright drives, headless too), and an `expect` with the
// web-first `toHaveNoAguiErrors()`. When a test fails, the session export is attached to
// its report (it opens in the AG-UI panel's offline viewer).
import {
  test as base,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
import type { Finding, Severity } from '../core/findings.js';
import { trackActivity } from './activity.js';
import { createCollector } from './collector.js';
import { createAgui, type AguiInspector } from './inspector.js';
import { installPageSink } from './page-sink.js';
import { tapSource } from './tap-source.js';

export type { Finding, Severity };
export type { AguiInspector, FindingsOptions, RunSummary, WaitForRunsOptions } from './inspector.js';
export type { RouteFromRecordingOptions, RoutedRecording } from './route-recording.js';
export { expect, type AguiMatchers, type NoAguiErrorsOptions, type WebFirstOptions } from './matcher.js';
export type { AguiPolicy, FindingQuery } from './judge.js';

const BINDING = '__aguiInspectorSink';

// Typed from @playwright/test itself so the declarations name only the package users install.
export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & { agui: AguiInspector },
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
> = base.extend<{
  agui: AguiInspector;
}>({
  agui: async ({ context }, use, testInfo) => {
    const collector = createCollector();
    const activity = trackActivity(context, collector, Date.now);
    await context.exposeBinding(BINDING, (_source, msg: unknown) => collector.accept(msg));
    // The sink first: it must be listening when the tap hands over its port.
    await context.addInitScript(installPageSink, BINDING);
    await context.addInitScript({ content: tapSource() });
    const agui = createAgui(context, collector, activity);
    await use(agui);
    if (testInfo.status === 'failed' || testInfo.status === 'timedOut') {
      await testInfo.attach('agui-session.json', { body: await agui.session(), contentType: 'application/json' });
    }
    activity.dispose();
  },
});
