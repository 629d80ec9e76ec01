// The headless half of `npm start`: run a scenario in the demo app with DevTools open,
// show our panel (recipe §4a) and screenshot the DevTools window.
import type { BrowserContext, Frame } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { appPages, findDevtoolsFor, openInspectorPanel, poll } from './devtools-panel.js';

export interface PanelShot {
  readonly ok: boolean;
  readonly path: string;
  readonly problem?: string;
}

/** The scenario shown in the screenshot, and a string the panel shows once it has the run. */
const SCENARIO = 'parallel-interleaved';
const EXPECT_IN_PANEL = 'get_weather';

async function panelShows(panel: Frame, text: string, timeoutMs: number): Promise<boolean> {
  return poll(
    async () =>
      (
        await panel
          .locator('body')
          .innerText()
          .catch(() => '')
      ).includes(text)
        ? true
        : undefined,
    timeoutMs,
    250,
  )
    .then(() => true)
    .catch(() => false);
}

export async function capturePanel(context: BrowserContext, appUrl: string, path: string): Promise<PanelShot> {
  const page = appPages(context)[0] ?? (await context.newPage());
  await page.goto(appUrl);
  const devtools = await findDevtoolsFor(context, page);
  await devtools.setViewportSize({ width: 1280, height: 800 });
  const panel = await openInspectorPanel(devtools);
  // Run after the panel is up so it shows the stream live, not only the relay's replay.
  await page.selectOption('#scenario', SCENARIO);
  await page.click('#run');
  await page.locator('#status[data-state="done"]').waitFor({ timeout: 30_000 });
  const shown = await panelShows(panel, EXPECT_IN_PANEL, 20_000);
  await mkdir(dirname(path), { recursive: true });
  await devtools.screenshot({ path });
  return shown
    ? { ok: true, path }
    : { ok: false, path, problem: `the panel never showed "${EXPECT_IN_PANEL}" from the run` };
}
