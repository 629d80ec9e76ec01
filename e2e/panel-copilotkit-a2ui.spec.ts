// Extension tier: CopilotKit's real runtime (@copilotkit/runtime v2) with its `a2ui` option
// on, its BuiltInAgent over the AI SDK's mock model, on 127.0.0.1; a page on the runtime's
// origin runs the agent and the built extension captures the answer. The panel shows the
// surface the middleware built (Surface view), no A2UI or activity finding, and
// `render_a2ui` as the middleware's tool — at 1280 px and docked at 500 px.
import type { CopilotKitServer } from '../src/cli/probe/copilotkit-server.test-helper.js';
import { askForWeather, openRuntimeOrigin, startWeatherRuntime } from './copilotkit-weather.js';
import { expect, test } from './fixtures.js';

let runtime: CopilotKitServer | undefined;
test.afterEach(async () => {
  runtime?.mock.release();
  await runtime?.close();
  runtime = undefined;
});

test('a2ui surfaces from the real CopilotKit runtime: Surface view, findings, the middleware tool', async ({
  page,
  openPanelTab,
}) => {
  test.setTimeout(90_000);
  runtime = await startWeatherRuntime();
  await openRuntimeOrigin(page, runtime);
  const panel = await openPanelTab(page);
  await expect(panel.getByRole('status', { name: 'Capture health' })).toContainText('connected');
  const body = await askForWeather(page, runtime.url, 'thread-a2ui');
  expect(body).toContain('"activityType":"a2ui-surface"');

  const lanes = panel.getByRole('listbox', { name: 'Timeline lanes' });
  await expect(lanes.getByRole('option', { name: /^Run run-1, thread thread-a2ui/ })).toContainText('success');
  // The only finding is the runtime's finishReason on RUN_FINISHED, which AG-UI does not describe.
  await panel.getByRole('tab', { name: /^Findings/ }).click();
  const findings = panel.locator('[data-view="findings"]');
  await expect(findings).toContainText('event/unknown-property');
  await expect(findings).not.toContainText('a2ui/');
  await expect(findings).not.toContainText('activity/');
  await expect(panel.getByRole('tab', { name: 'Findings (1)' })).toBeVisible();

  for (const width of [1280, 500]) {
    await panel.setViewportSize({ width, height: 800 });
    await panel.getByRole('tab', { name: 'Surface' }).click();
    const view = panel.locator('[data-view="surface"]');
    const weather = view.getByRole('region', { name: 'Surface weather' });
    await expect(weather.getByRole('list', { name: 'Components of weather' }).getByRole('listitem')).toHaveText([
      'root Card',
      'col Column',
      'title Text "Weather in Paris"',
      'temp Text → /weather/temperature',
    ]);
    await expect(weather.getByRole('tree', { name: 'Data model of weather' })).toContainText('"21 °C"');
    await panel.screenshot({ path: test.info().outputPath(`copilotkit-surface-${width}.png`) });

    await panel.getByRole('tab', { name: 'Timeline' }).click();
    await lanes.getByRole('option', { name: /Tool call render_a2ui/ }).click();
    const detail = panel.getByRole('complementary', { name: 'Details' });
    await expect(detail).toContainText('injected by @ag-ui/a2ui-middleware');
    await expect(detail).not.toContainText('not advertised');
    await panel.screenshot({ path: test.info().outputPath(`copilotkit-call-${width}.png`) });
  }
});
