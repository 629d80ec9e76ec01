// README screenshots of the panel (timeline and call detail, light and dark), rendered
// by the e2e harness page from a scripted scenario: deterministic, no demo agent needed.
// `npm run screenshots` refreshes the README's copies in docs/img/; `npm start -- --headless`
// writes them to artifacts/ (git-ignored) so a run leaves the checkout unchanged.
//   npx tsx scripts/screenshots.ts [--out DIR]   (default docs/img)
import { chromium } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { startHarness } from '../e2e/harness/serve.js';
import { findChromium, QUIET_ARGS } from './chromium.js';

const outArg = process.argv[process.argv.indexOf('--out') + 1];
const out = process.argv.includes('--out') && outArg ? resolve(outArg) : resolve(import.meta.dirname, '../docs/img');
const SHOTS = [
  { name: 'timeline', query: { demo: 'showcase', view: 'timeline', tap: '1' } },
  { name: 'call-detail', query: { demo: 'showcase', select: 'call_search', tap: '1' } },
] as const;

const server = await startHarness();
const browser = await chromium.launch({ executablePath: findChromium(), args: QUIET_ARGS });
try {
  await mkdir(out, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, colorScheme: theme });
    for (const shot of SHOTS) {
      const q = new URLSearchParams({ fresh: '1', theme, ...shot.query });
      await page.goto(`${server.url}?${q.toString()}`);
      await page.locator('body[data-ready="1"]').waitFor();
      await page.getByRole('listbox', { name: 'Timeline lanes' }).waitFor();
      if ('select' in shot) await page.getByRole('complementary', { name: 'Details' }).waitFor();
      const path = resolve(out, `${shot.name}-${theme}.png`);
      await page.screenshot({ path });
      console.log(`wrote ${path}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
