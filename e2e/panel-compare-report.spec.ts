// Extension tier: Compare runs and the bug report with the built extension, real capture
// of the demo agent through the demo app's HttpAgent (pop-out panel tab).
import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { expect, test } from './fixtures.js';

let demo: DemoServer;
test.beforeAll(async () => {
  demo = await startDemoServer({ port: 0, delayMs: 0 });
});
test.afterAll(async () => {
  await demo?.close();
});

async function run(page: Page, name: string): Promise<void> {
  const ok = await page.evaluate(
    (n) => (window as unknown as { runScenario: (s: string) => Promise<{ ok: boolean }> }).runScenario(n),
    name,
  );
  expect(ok.ok).toBe(true);
}

test('Compare runs of two demo runs that differ in one argument', async ({ page, openPanelTab }) => {
  await page.goto(demo.url);
  const panel = await openPanelTab(page);
  await run(page, 'backend-tool');
  await run(page, 'backend-tool-fahrenheit');
  const lanes = panel.getByRole('listbox', { name: 'Timeline lanes' });
  await expect(lanes.getByRole('option', { name: /^Run / })).toHaveCount(2);
  await panel.getByRole('button', { name: 'Compare runs' }).click();
  const compare = panel.getByRole('region', { name: 'Compare runs' });
  const call = compare.getByRole('listitem', { name: /^get_weather: arguments differ/ });
  await expect(
    call.getByRole('table', { name: 'Arguments of get_weather' }).getByRole('row', { name: /\/unit/ }),
  ).toHaveText('/unit"celsius""fahrenheit"');
  await expect(
    call.getByRole('table', { name: 'Result of get_weather' }).getByRole('row', { name: /\/temperature/ }),
  ).toHaveText('/temperature2170');
  await expect(compare.getByRole('table', { name: 'Runs compared' })).toContainText('tool calls11');
});

test('a bug report exported from a live run reopens in the offline viewer at its note', async ({
  page,
  context,
  extensionId,
  openPanelTab,
}) => {
  await page.goto(demo.url);
  const panel = await openPanelTab(page);
  await run(page, 'backend-tool');
  await panel
    .getByRole('listbox', { name: 'Timeline lanes' })
    .getByRole('option', { name: /get_weather/ })
    .click();
  const detail = panel.getByRole('complementary', { name: 'Details' });
  await detail.getByRole('button', { name: 'Add note to this call' }).click();
  // Markup in the note (drawn on the timeline, which the bug report pictures) stays text.
  await detail
    .getByRole('textbox', { name: 'Note text' })
    .fill('Unit should follow the user locale <img src=x onerror="document.title=\'pwned\'">');
  await detail.getByRole('button', { name: 'Save note' }).click();
  await expect(
    panel.getByRole('listbox', { name: 'Timeline lanes' }).getByRole('button', { name: /^Note: Unit should/ }),
  ).toBeVisible();

  await panel.getByRole('button', { name: 'Export and copy' }).click();
  await panel.getByRole('menuitem', { name: 'Export bug report…' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Export bug report' });
  const download = panel.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export bug report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^agui-bug-report-.*\.json$/);
  const text = await readFile(await file.path(), 'utf8');
  // Strictly redacted by default: the conversation, the arguments and the names are gone, the note stays.
  expect(text).not.toContain('Lisbon');
  const report = JSON.parse(text) as { summary: string; timelinePng?: { base64: string } };
  expect(report.summary).toContain('Unit should follow the user locale');
  expect(report.summary).toContain('Chrome');
  // A real PNG of the timeline (signature 89 50 4E 47), kept with the test's output for a look.
  const png = Buffer.from(report.timelinePng?.base64 ?? '', 'base64');
  expect(png.subarray(0, 4).toString('hex')).toBe('89504e47');
  await writeFile(test.info().outputPath('bug-report-timeline.png'), png);
  // Drawing the picture made no element of the note's markup, and ran none of it.
  expect(await panel.locator('img[src="x"]').count()).toBe(0);
  expect(await panel.title()).not.toBe('pwned');
  expect(report.summary).toContain('<img src=x onerror=');
  await expect(dialog.getByLabel('Bug report summary')).toContainText('## Runs');

  const viewer = await context.newPage();
  await viewer.goto(`chrome-extension://${extensionId}/panel.html`);
  await expect(viewer.getByRole('region', { name: 'Offline viewer' })).toBeVisible();
  const chooser = viewer.waitForEvent('filechooser');
  await viewer.getByRole('button', { name: 'Import file' }).first().click();
  await (
    await chooser
  ).setFiles({ name: file.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(text) });
  const opened = viewer.getByRole('complementary', { name: 'Details' });
  // Strict by default: the tool's name is a pseudonym ("tool-3"), and the note still finds its call.
  await expect(opened.getByRole('heading', { name: /^tool-\d+ / })).toBeVisible();
  expect(text).not.toContain('get_weather');
  await expect(opened.getByRole('list', { name: 'Notes on this call' })).toContainText(
    'Unit should follow the user locale',
  );
  await expect(viewer.getByRole('tab', { name: 'Notes (1)' })).toBeVisible();
  // Beside the session: the report's summary, as Markdown made safe, and its picture.
  const pane = viewer.getByRole('region', { name: 'Bug report' });
  const summary = pane.getByLabel('Bug report summary');
  await expect(summary.getByRole('heading', { name: 'AG-UI bug report' })).toBeVisible();
  await expect(summary.getByRole('heading', { name: 'Runs', exact: true })).toBeVisible();
  // The Runs table is a table: one row per run of the report (one run here).
  await expect(summary.getByRole('table').locator('tbody tr')).toHaveCount(1);
  await expect(summary).toContainText('Unit should follow the user locale <img src=x onerror=');
  const picture = pane.getByRole('img', { name: /Timeline picture/ });
  await expect(picture).toBeVisible();
  // The browser decoded it: the picture the report carries, not a broken image.
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await viewer.locator('img[src="x"]').count()).toBe(0);
  expect(await viewer.title()).not.toBe('pwned');
  await viewer.screenshot({ path: test.info().outputPath('viewer-bug-report.png') });
});
