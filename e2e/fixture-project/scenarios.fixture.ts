// Run by e2e/playwright-fixture.spec.ts in its own Playwright process (its report is what
// is checked): a clean scenario that passes and a violating one that fails.
import { test, expect } from '../../src/playwright/index.js';

const DEMO = process.env['AGUI_DEMO_URL'] ?? '';

async function runScenario(page: import('@playwright/test').Page, name: string): Promise<void> {
  await page.goto(DEMO);
  await page.selectOption('#scenario', name);
  await page.click('#run');
  await expect(page.locator('#status')).toHaveAttribute('data-state', /^(done|error)$/, { timeout: 30_000 });
}

test('clean scenario', async ({ page, agui }) => {
  await runScenario(page, 'backend-tool');
  await expect(agui).toHaveNoAguiErrors();
});

test('violating scenario', async ({ page, agui }) => {
  await runScenario(page, 'reopen-renamed');
  await expect(agui).toHaveNoAguiErrors();
});

test('an allowed finding and toHaveAguiFinding pass on the violating scenario', async ({ page, agui }) => {
  await runScenario(page, 'reopen-renamed');
  await expect(agui).toHaveAguiFinding('tool-call/reopen-name-mismatch');
  await expect(agui).not.toHaveAguiFinding({ rule: 'tool-call/reopen-name-mismatch', run: 'no-such-run' });
  await expect(agui).toHaveNoAguiErrors({ allow: ['tool-call/reopen-name-mismatch'] });
  await expect(agui).toHaveNoAguiErrors({ rules: { 'tool-call/reopen-name-mismatch': 'warning' } });
});

test.describe('attached always', () => {
  test.use({ aguiAttach: 'on' });
  test('a passing test attached', async ({ page, agui }) => {
    await runScenario(page, 'backend-tool');
    await expect(agui).toHaveNoAguiErrors();
  });
});
