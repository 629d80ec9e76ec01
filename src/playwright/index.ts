// `agui-inspector/playwright`: Playwright's `test` with an `agui` fixture that installs the
// inspector's page tap in every page of the test's browser context (an init script: no
// extension, any browser Playwright drives, headless too), and an `expect` with
// `toHaveNoAguiErrors()`. When a test fails, the session export is attached to its report
// (it opens in the AG-UI panel's offline viewer).
import {
  test as base,
  expect as baseExpect,
  type BrowserContext,
  type Expect,
  type ExpectMatcherState,
  type MatcherReturnType,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
import type { Finding, Severity } from '../core/findings.js';
import { exportSession } from '../core/io/session-export.js';
import { ruleById } from '../core/rules/catalogue.js';
import { findingsOf } from '../cli/model-reads.js';
import { clientVerdict } from '../cli/rule-text.js';
import { createCollector, type Collector } from './collector.js';
import { installPageSink } from './page-sink.js';
import { tapSource } from './tap-source.js';

export type { Finding, Severity };

export interface FindingsOptions {
  /** Only findings at or above this severity (default notice: all). */
  readonly minSeverity?: Severity;
}

export interface AguiInspector {
  /** Every finding so far in this test's browser context, in stream order. */
  findings(options?: FindingsOptions): Promise<Finding[]>;
  /** The session export (docs/session-format.md) of everything captured so far. */
  session(): Promise<string>;
}

const BINDING = '__aguiInspectorSink';
const RANK: Readonly<Record<Severity, number>> = { error: 3, warning: 2, notice: 1 };

/** Lets messages the pages already sent reach the collector before it is read. */
async function settle(context: BrowserContext, collector: Collector): Promise<void> {
  for (let round = 0; round < 20; round++) {
    const before = collector.received();
    await Promise.all(context.pages().map((p) => p.evaluate(() => 0).catch(() => undefined)));
    if (collector.received() === before) return;
  }
}

function createAgui(context: BrowserContext, collector: Collector): AguiInspector {
  return {
    async findings(options = {}) {
      await settle(context, collector);
      const min = RANK[options.minSeverity ?? 'notice'];
      return findingsOf(collector.model()).filter((f) => RANK[f.severity] >= min);
    },
    async session() {
      await settle(context, collector);
      return exportSession(collector.model(), {
        extensionVersion: 'agui-inspector/playwright',
        exportedAt: Date.now(),
      });
    },
  };
}

// Typed from @playwright/test itself so the declarations name only the package users install.
export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & { agui: AguiInspector },
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
> = base.extend<{
  agui: AguiInspector;
}>({
  agui: async ({ context }, use, testInfo) => {
    const collector = createCollector();
    await context.exposeBinding(BINDING, (_source, msg: unknown) => collector.accept(msg));
    // The sink first: it must be listening when the tap hands over its port.
    await context.addInitScript(installPageSink, BINDING);
    await context.addInitScript({ content: tapSource() });
    const agui = createAgui(context, collector);
    await use(agui);
    if (testInfo.status === 'failed' || testInfo.status === 'timedOut') {
      await testInfo.attach('agui-session.json', { body: await agui.session(), contentType: 'application/json' });
    }
  },
});

function describeFinding(f: Finding): string {
  const rule = ruleById(f.rule);
  const where = [
    f.threadId !== undefined ? `thread ${f.threadId}` : '',
    f.runId !== undefined ? `run ${f.runId}` : '',
    f.events[0] !== undefined ? `event ${f.events[0]}` : '',
  ]
    .filter((p) => p !== '')
    .join(' · ');
  return `  ${f.rule}${where !== '' ? ` (${where})` : ''}: ${f.message}${rule !== undefined ? `\n    ${clientVerdict(rule)}` : ''}`;
}

// A type alias, not an interface: expect.extend wants an indexable record of matchers.
export type AguiMatchers = {
  /** Passes when the context's captured AG-UI streams have no error findings. */
  toHaveNoAguiErrors(this: ExpectMatcherState, agui: AguiInspector): Promise<MatcherReturnType>;
};

export const expect: Expect<AguiMatchers> = baseExpect.extend<AguiMatchers>({
  async toHaveNoAguiErrors(agui: AguiInspector) {
    const errors = await agui.findings({ minSeverity: 'error' });
    const pass = errors.length === 0;
    const message = pass
      ? () => 'expected AG-UI error findings, found none'
      : () => `expected no AG-UI error findings, found ${errors.length}:\n${errors.map(describeFinding).join('\n')}`;
    return { pass, message, name: 'toHaveNoAguiErrors', expected: 0, actual: errors.length };
  },
});
