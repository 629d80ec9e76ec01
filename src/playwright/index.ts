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
import type { TimingLimits } from '../core/catalogue/timing.js';
import { trackActivity } from './activity.js';
import { createCollector } from './collector.js';
import { createAgui, type AguiInspector } from './inspector.js';
import { installPageSink } from './page-sink.js';
import { tapSource } from './tap-source.js';

export type { Finding, Severity };
export type { AguiInspector, FindingsOptions, RunSummary, WaitForRunsOptions } from './inspector.js';
export { expect, type AguiMatchers, type NoAguiErrorsOptions } from './matcher.js';

const BINDING = '__aguiInspectorSink';

/**
 * The timing rules' thresholds in ms (`test.use({ aguiTiming: { openAfterTerminalMs: 1000 } })`):
 * how long a body may stay open after RUN_FINISHED/RUN_ERROR (default 5000), how long an open
 * run may go without an event (30000), the silence that with a burst reads as buffering (2000).
 */
export type AguiTiming = Partial<TimingLimits>;

// Typed from @playwright/test itself so the declarations name only the package users install.
export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & { agui: AguiInspector; aguiTiming: AguiTiming },
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
> = base.extend<{
  agui: AguiInspector;
  aguiTiming: AguiTiming;
}>({
  aguiTiming: [{}, { option: true }],
  agui: async ({ context, aguiTiming }, use, testInfo) => {
    const collector = createCollector(aguiTiming);
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
