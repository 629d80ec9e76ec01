// Steps the replay specs share: the demo app with a live run captured and its pop-out panel,
// Replay unfolded, a Step replay armed. replay-support.spec.ts (the chromium project) and
// replay-expiry.spec.ts (the timing project: it waits for a real expiry) use them.
import type { Page } from '@playwright/test';
import { startDemoServer, type DemoServer } from '../demo/server.js';
import { expect } from './fixtures.js';

/** The armed bar once the page's tap confirmed the arm (before, it says "Arming in the page…"). */
export const ARMED_UNTAKEN = /Armed: .*\(0 of 1 taken\)/;

export async function openReplay(panel: Page): Promise<void> {
  const details = panel.locator('details.replay-setup');
  if ((await details.getAttribute('open')) === null) await panel.getByText('Replay', { exact: true }).click();
}

export async function runDemo(page: Page): Promise<void> {
  await page.selectOption('#scenario', 'backend-tool');
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', /^(done|error)$/, { timeout: 30_000 });
}

/**
 * The demo app with one live backend-tool run captured, its panel, Replay unfolded; the agent
 * is stopped before it returns. `started` hears of the agent first, so that a test failing
 * half-way can still stop it.
 */
export async function liveRunThenPanel(
  page: Page,
  openPanelTab: (p: Page) => Promise<Page>,
  started: (server: DemoServer) => void,
): Promise<{ panel: Page; total: number }> {
  const server = await startDemoServer({ delayMs: 0 });
  started(server);
  await page.goto(server.url);
  const panel = await openPanelTab(page);
  await runDemo(page);
  const total = Number(await page.locator('#status').getAttribute('data-events'));
  await openReplay(panel);
  await expect(panel.getByRole('status', { name: 'What will be replayed' })).toContainText('this tab ·');
  await server.close();
  return { panel, total };
}

export async function armStep(panel: Page, expirySeconds?: number): Promise<void> {
  await openReplay(panel);
  await panel.getByLabel('Pacing').selectOption('step');
  if (expirySeconds !== undefined) await panel.getByLabel(/Expires if not taken within/).fill(String(expirySeconds));
  await panel.getByRole('button', { name: 'Replay into page' }).click();
  await expect(panel.getByRole('region', { name: 'Armed replay' })).toContainText(ARMED_UNTAKEN);
}
