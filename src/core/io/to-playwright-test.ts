// The fixture's agui.exportTest(): the runs a test saw as a Playwright test file that
// passes on them. The routing module `export --as playwright` writes (./to-playwright.ts)
// answers each run request with its recorded run; the test sends the recorded requests
// from a page on the recorded origin (no app or agent needed: the page itself is routed)
// and expects the findings the recording had, rule for rule, and every run answered.
import { methodOf } from './har-write.js';
import type { RecordedRun } from './recorded-runs.js';
import { toPlaywright } from './to-playwright.js';

export interface PlaywrightTestOptions {
  /** The test's title. */
  readonly title: string;
  /** Where the test imports the fixture from (default 'agui-inspector/playwright'). */
  readonly importFrom?: string;
}

// Only what a run request's answer depends on; credentials were never recorded.
const SENT_HEADERS = new Set(['content-type', 'accept']);

function requestOf(run: RecordedRun): { url: string; method: string; headers: Record<string, string>; body?: string } {
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries(run.requestHeaders).filter(([name]) => SENT_HEADERS.has(name.toLowerCase())),
  );
  // An EventSource's request head is not recorded; it asks for an event stream, and so must this.
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'accept'))
    headers['accept'] = run.encoding === 'proto' ? run.contentType : 'text/event-stream';
  return {
    url: run.url,
    method: methodOf(run),
    headers,
    ...(run.requestBody !== undefined ? { body: run.requestBody } : {}),
  };
}

/** `rules`: the recording's findings' rule ids, in order; `runs`: how many runs it held. */
export function toPlaywrightTest(
  file: string,
  runs: readonly RecordedRun[],
  rules: readonly string[],
  runCount: number,
  options: PlaywrightTestOptions,
): string {
  const origin = new URL(runs[0]?.url ?? 'http://127.0.0.1/').origin;
  const requests = runs.map(requestOf);
  // A GET with no recorded head was an EventSource, replayed here by fetch: the bytes it reads
  // show named events the recording's EventSource delivered to the page's listeners, so that
  // notice is not part of the comparison.
  const fromEventSource = runs.some((r) => methodOf(r) === 'GET' && Object.keys(r.requestHeaders).length === 0);
  const notCompared = fromEventSource ? ['sse/named-event'] : [];
  return `${toPlaywright(file, runs, true)}
// The test agui.exportTest() wrote: the recorded requests sent again from a page on their
// origin, answered by routeAguiRecording, judged by the fixture as the recording was.
import { test, expect } from ${JSON.stringify(options.importFrom ?? 'agui-inspector/playwright')};

const requests = ${JSON.stringify(requests, null, 2)};
const recordedRules: readonly string[] = ${JSON.stringify(rules.filter((r) => !notCompared.includes(r)))};
const notCompared: readonly string[] = ${JSON.stringify(notCompared)};
const REPLAY_PAGE = ${JSON.stringify(`${origin}/__agui-inspector-replay__`)};

test(${JSON.stringify(options.title)}, async ({ page, agui }) => {
  await page.route(REPLAY_PAGE, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>AG-UI replay</title>' }),
  );
  const { served } = await routeAguiRecording(page);
  await page.goto(REPLAY_PAGE);
  for (const request of requests) {
    await page.evaluate(async (r) => {
      try {
        const answer = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
        await answer.arrayBuffer();
      } catch {
        // A recorded network error or cut-off body: the fixture judges it as recorded.
      }
    }, request);
  }
  await agui.waitForRuns({ count: ${runCount} });
  expect(served).toHaveLength(requests.length);
  const rules = (await agui.findings()).map((f) => f.rule).filter((rule) => !notCompared.includes(rule));
  expect(rules).toEqual(recordedRules);
});
`;
}
