// The `agui` object a test gets: findings, the session export and waitForRuns, all read
// after the context's AG-UI traffic has been let through (and, for waits, gone quiet).
import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { toPlaywrightTest } from '../core/io/to-playwright-test.js';
import type { BrowserContext, Page } from '@playwright/test';
import { toHar } from '../core/io/har-write.js';
import { recordedRunsOfModel } from '../core/io/recorded-runs.js';
import type { Finding, Severity } from '../core/findings.js';
import type { RunStatus } from '../core/model/types.js';
import { exportSession } from '../core/io/session-export.js';
import type { Activity } from './activity.js';
import type { Collector } from './collector.js';
import { reportedFindings, type FixtureConfig } from './config.js';
import { routeFromRecording, type RouteFromRecordingOptions, type RoutedRecording } from './route-recording.js';
import { DEFAULT_IDLE_MS, settle, waitForQuiet, type QuietOutcome } from './quiet.js';
import { runConformance, type CaseResult, type ConformanceOptions } from './conformance.js';
import { conformanceHtml, conformanceJunit } from './conformance-report.js';

/** Attaches a file to the running test's report (testInfo.attach). */
export type Attach = (name: string, body: string | Buffer, contentType: string) => Promise<void>;

export interface FindingsOptions {
  /** Only findings at or above this severity (default notice: all). */
  readonly minSeverity?: Severity;
}

export interface WaitForRunsOptions {
  /** At least this many runs seen in the context (default 1). */
  readonly count?: number;
  /** Quiet this long (no request or stream in flight, nothing new) before returning; default 150 ms. */
  readonly idleMs?: number;
  /** Give up after this many ms (default: the test's own timeout). */
  readonly timeout?: number;
}

export interface RunSummary {
  readonly threadId: string;
  readonly runId: string;
  readonly status: RunStatus;
}

export interface AguiInspector {
  /** Every finding so far in this test's browser context, in stream order. */
  findings(options?: FindingsOptions): Promise<Finding[]>;
  /** The session export (docs/session-format.md) of everything captured so far. */
  session(): Promise<string>;
  /**
   * Waits until the context has seen `count` runs and every AG-UI stream and request in
   * flight has ended, then returns the runs in order. Throws, naming what is still open,
   * on timeout.
   */
  waitForRuns(options?: WaitForRunsOptions): Promise<RunSummary[]>;
  /**
   * Answers the page's AG-UI run requests from a recording (HAR, session export, SSE body,
   * JSONL, protobuf), each with the request's own threadId/runId, as `serve` does.
   */
  routeFromRecording(page: Page, file: string, options?: RouteFromRecordingOptions): Promise<RoutedRecording>;
  /** Writes what the context captured as a HAR 1.2 file (opens in the viewer and in `lint`). */
  saveHar(path: string): Promise<void>;
  /** The captured runs as a HAR 1.2 document. */
  har(): Promise<string>;
  /**
   * Plays conformance cases into the app: each case answers the app's next run request
   * (after `trigger`), and is judged as a user sees it. Attaches the summary (HTML, JUnit)
   * and each failing case's screenshot to the test.
   */
  conformance(page: Page, options: ConformanceOptions): Promise<CaseResult[]>;
  /**
   * Writes a Playwright test (TypeScript) that replays the captured runs, as
   * `export --as playwright` routes them, and expects the findings seen now: it passes on the
   * recording it came from, with no app or agent running.
   */
  exportTest(path: string, options?: ExportTestOptions): Promise<void>;
}

export interface ExportTestOptions {
  /** The test's title (default: "replays <file name>"). */
  readonly title?: string;
  /** Where the written test imports the fixture from (default 'agui-inspector/playwright'). */
  readonly importFrom?: string;
}

/** What the matchers need of an `agui` object beyond its public type. */
export interface AguiInternals {
  /** Waits for the context to go quiet, giving up at `deadline` (ms since epoch). */
  wait(idleMs: number, deadline: number): Promise<QuietOutcome>;
  /** The findings captured so far, read at once (no round trip to the pages). */
  findingsNow(): readonly Finding[];
  /** What is in flight now. */
  openNow(): string[];
  /** The project's configuration (agui-inspector.config.json), under each matcher's options. */
  readonly policy: FixtureConfig['policy'];
}

/** How the matchers reach an `agui` object's context (not part of the public type). */
export const aguiInternals = new WeakMap<AguiInspector, AguiInternals>();

const RANK: Readonly<Record<Severity, number>> = { error: 3, warning: 2, notice: 1 };

export function createAgui(
  context: BrowserContext,
  collector: Collector,
  activity: Activity,
  config: FixtureConfig = { policy: {}, ignoreUrls: [] },
  attach: Attach = async () => undefined,
): AguiInspector {
  const { policy, ignoreUrls } = config;
  const runs = (): RunSummary[] =>
    collector.model().runs.map((r) => ({ threadId: r.threadId, runId: r.runId, status: r.status }));
  const agui: AguiInspector = {
    async findings(options = {}) {
      await settle(context, collector);
      // Time passing is evidence too: a body still open after its run ended is judged now.
      collector.tick(Date.now());
      const min = RANK[options.minSeverity ?? 'notice'];
      return reportedFindings(collector.model(), ignoreUrls).filter((f) => RANK[f.severity] >= min);
    },
    async session() {
      await settle(context, collector);
      return exportSession(collector.model(), {
        extensionVersion: 'agui-inspector/playwright',
        exportedAt: Date.now(),
      });
    },
    routeFromRecording,
    async conformance(page, options) {
      const results = await runConformance(page, options);
      await attach('agui-conformance.html', conformanceHtml(results), 'text/html');
      await attach('agui-conformance.junit.xml', conformanceJunit(results), 'application/xml');
      for (const r of results)
        if (r.screenshot !== undefined) await attach(`${r.id.replaceAll('/', '-')}.png`, r.screenshot, 'image/png');
      return results;
    },
    async har() {
      await settle(context, collector);
      return toHar(recordedRunsOfModel('agui-session', collector.model()), 'agui-inspector/playwright');
    },
    async saveHar(path) {
      await writeFile(path, await agui.har());
    },
    async exportTest(path, options = {}) {
      await settle(context, collector);
      collector.tick(Date.now());
      const model = collector.model();
      const runs = recordedRunsOfModel(basename(path), model);
      if (runs.length === 0) throw new Error('agui.exportTest: the context captured no AG-UI run to export');
      const rules = reportedFindings(model, ignoreUrls).map((f) => f.rule);
      const title = options.title ?? `replays ${basename(path)}`;
      const source = toPlaywrightTest(basename(path), runs, rules, model.runs.length, {
        title,
        ...(options.importFrom !== undefined ? { importFrom: options.importFrom } : {}),
      });
      await writeFile(path, source);
    },
    async waitForRuns(options = {}) {
      const count = options.count ?? 1;
      const deadline = options.timeout !== undefined ? Date.now() + options.timeout : Infinity;
      const outcome = await waitForQuiet(context, collector, activity, {
        idleMs: options.idleMs ?? DEFAULT_IDLE_MS,
        deadline,
        enough: () => collector.model().runs.length >= count,
      });
      if (!outcome.quiet) {
        const seen = collector.model().runs.length;
        throw new Error(
          `agui.waitForRuns: ${seen} of ${count} run(s) seen after ${options.timeout} ms` +
            (outcome.open.length > 0 ? `; still open:\n  ${outcome.open.join('\n  ')}` : ''),
        );
      }
      return runs();
    },
  };
  aguiInternals.set(agui, {
    wait: (idleMs, deadline) => waitForQuiet(context, collector, activity, { idleMs, deadline }),
    findingsNow: () => {
      // Time passing is evidence too: a body still open after its run ended is judged now.
      collector.tick(Date.now());
      return reportedFindings(collector.modelSoFar(), ignoreUrls);
    },
    openNow: () => activity.open(),
    policy,
  });
  return agui;
}
