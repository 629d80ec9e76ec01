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
import { findingsSummary } from './describe.js';
import { loadFixtureConfig, reportedFindings } from './config.js';

export type { Finding, Severity };
export type { AguiInspector, ExportTestOptions, FindingsOptions, RunSummary, WaitForRunsOptions } from './inspector.js';
export type { RouteFromRecordingOptions, RoutedRecording } from './route-recording.js';
export type { CaseResult, ConformanceOptions } from './conformance.js';
export type { ClientCase } from '../core/client-cases/types.js';
export { conformanceHtml, conformanceJunit } from './conformance-report.js';
export { clientCases } from './client-cases.js';
export { expect, type AguiMatchers, type NoAguiErrorsOptions, type WebFirstOptions } from './matcher.js';
export type { AguiPolicy, FindingQuery } from './judge.js';

const BINDING = '__aguiInspectorSink';

/**
 * The timing rules' thresholds in ms (`test.use({ aguiTiming: { openAfterTerminalMs: 1000 } })`):
 * how long a body may stay open after RUN_FINISHED/RUN_ERROR (default 5000), how long an open
 * run may go without an event (30000), the silence that with a burst reads as buffering (2000).
 */
export type AguiTiming = Partial<TimingLimits>;

/**
 * When the session is attached to the test (as a HAR that opens in the extension's viewer
 * and in `agui-inspector lint`, the session export, and a text summary of the findings):
 * 'retain-on-failure' (default) as trace's option of that name, 'on' always, 'off' never.
 */
export type AguiAttach = 'retain-on-failure' | 'on' | 'off';

export interface AguiOptions {
  aguiAttach: AguiAttach;
  aguiTiming: AguiTiming;
  /**
   * The agui-inspector.config.json to read (rules, failOn, profile, ignoreUrls): a path, false
   * for none; default the nearest one from the working directory upward, as lint finds it.
   */
  aguiConfig: string | false | undefined;
}

// Typed from @playwright/test itself so the declarations name only the package users install.
export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & AguiOptions & { agui: AguiInspector },
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
> = base.extend<AguiOptions & { agui: AguiInspector }>({
  aguiAttach: ['retain-on-failure', { option: true }],
  aguiTiming: [{}, { option: true }],
  aguiConfig: [undefined, { option: true }],
  agui: async ({ context, aguiAttach, aguiTiming, aguiConfig }, use, testInfo) => {
    const config = await loadFixtureConfig(aguiConfig, process.cwd());
    const collector = createCollector(aguiTiming);
    const activity = trackActivity(context, collector, Date.now);
    // The page sink sends its messages in batches (page-sink.ts).
    await context.exposeBinding(BINDING, (_source, batch: unknown) => {
      if (Array.isArray(batch)) for (const msg of batch) collector.accept(msg);
    });
    // The sink first: it must be listening when the tap hands over its port.
    await context.addInitScript(installPageSink, BINDING);
    await context.addInitScript({ content: tapSource() });
    const agui = createAgui(context, collector, activity, config, async (name, body, contentType) => {
      await testInfo.attach(name, { body, contentType });
    });
    await use(agui);
    const failed = testInfo.status === 'failed' || testInfo.status === 'timedOut';
    if (aguiAttach === 'on' || (aguiAttach === 'retain-on-failure' && failed)) {
      await testInfo.attach('agui-session.har', { body: await agui.har(), contentType: 'application/json' });
      await testInfo.attach('agui-session.json', { body: await agui.session(), contentType: 'application/json' });
      const model = collector.model();
      await testInfo.attach('agui-findings.txt', {
        body: findingsSummary(reportedFindings(model, config.ignoreUrls), model.runs.length),
        contentType: 'text/plain',
      });
    }
    activity.dispose();
  },
});
