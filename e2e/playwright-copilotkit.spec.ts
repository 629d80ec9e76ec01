// The Playwright fixture (`agui-inspector/playwright`) against a real framework's server, as a
// QA engineer meets it: CopilotKit's runtime (@copilotkit/runtime v2) with its `a2ui` option
// on, its BuiltInAgent over the AI SDK's mock model, on 127.0.0.1. A page on the runtime's
// origin runs the agent; the fixture judges the run, attaches nothing to a passing test,
// saves the session as a HAR that `lint` judges the same way, and a second test replays that
// HAR with no runtime behind it (agui.routeFromRecording) and sees the same findings.
import { readFileSync } from 'node:fs';
import type { CopilotKitServer } from '../src/cli/probe/copilotkit-server.test-helper.js';
import { main } from '../src/cli/main.js';
import { expect } from '../src/playwright/index.js';
import { test } from './worker-fixtures.js';
import { askForWeather, openRuntimeOrigin, startWeatherRuntime } from './copilotkit-weather.js';

test.describe.configure({ mode: 'serial' });

let runtime: CopilotKitServer | undefined;
let runUrl = '';
let har = '';
let recordedRules: string[] = [];

test.afterAll(async () => {
  runtime?.mock.release();
  await runtime?.close();
});

async function lintJson(file: string): Promise<{ code: number; rules: string[] }> {
  let stdout = '';
  const code = await main(['lint', '--format', 'json', file], {
    stdout: (t) => void (stdout += t),
    stderr: () => undefined,
    readFile: async (p) => new Uint8Array(readFileSync(p)),
    color: false,
  });
  const report = JSON.parse(stdout) as { findings: { rule: string }[] };
  return { code, rules: report.findings.map((f) => f.rule) };
}

test('a CopilotKit run with an A2UI surface: judged live, its notice found, its HAR linted alike', async ({
  page,
  agui,
}) => {
  test.setTimeout(90_000);
  runtime = await startWeatherRuntime();
  runUrl = runtime.url;
  await openRuntimeOrigin(page, runtime);
  expect(await askForWeather(page, runUrl, 'thread-ck')).toContain('"activityType":"a2ui-surface"');

  const runs = await agui.waitForRuns({ timeout: 30_000 });
  expect(runs).toHaveLength(1);
  // The runtime's A2UI middleware and its surface break no rule; RUN_FINISHED carries the
  // runtime's finishReason, which AG-UI does not describe: a notice, not an error.
  await expect(agui).toHaveNoAguiErrors();
  await expect(agui).toHaveAguiFinding('event/unknown-property');
  recordedRules = (await agui.findings()).map((f) => f.rule);
  expect(recordedRules.filter((r) => r.startsWith('a2ui/') || r.startsWith('activity/'))).toEqual([]);
  // A stricter gate fails on that notice, as the option promises.
  await expect(agui).not.toHaveNoAguiErrors({ failOn: 'notice' });

  har = test.info().outputPath('copilotkit.har');
  await agui.saveHar(har);
  const linted = await lintJson(har);
  expect(linted.rules).toEqual(recordedRules);
  expect(linted.code).toBe(0); // a notice is below lint's default fail-on level
});

test('the CopilotKit HAR replayed with no runtime running: the same findings', async ({ page, agui }) => {
  expect(har, 'recorded first').not.toBe('');
  await runtime!.close();
  runtime = undefined;
  const origin = new URL(runUrl).origin;
  // The runtime is gone: the page's document comes from a route, its run from the recording.
  await page.route(`${origin}/app`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>app</title>' }),
  );
  const { served } = await agui.routeFromRecording(page, har);
  await page.goto(`${origin}/app`);
  expect(await askForWeather(page, runUrl, 'thread-ck')).toContain('"activityType":"a2ui-surface"');
  await agui.waitForRuns({ timeout: 30_000 });
  expect(served).toHaveLength(1);
  expect((await agui.findings()).map((f) => f.rule)).toEqual(recordedRules);
});
