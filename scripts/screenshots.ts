// README screenshots of the panel (timeline, call detail, State, Surface, Messages, Compare; light and
// dark), rendered by the harness page from a scripted session shaped like real traffic
// (harness/panel/showcase.ts): deterministic, no demo agent needed.
// `npm run screenshots` refreshes the README's copies in docs/img/; `npm start -- --headless`
// writes them to artifacts/ (git-ignored) so a run leaves the checkout unchanged.
//   npx tsx scripts/screenshots.ts [--out DIR] [--width PX]   (default docs/img, 1280; other widths
//   are named NAME-THEME-WIDTH.png)
import { chromium, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { SEARCH_CALL } from '../harness/panel/showcase.js';
import { startHarness } from '../harness/panel/serve.js';
import { findChromium, QUIET_ARGS } from '../harness/chromium.js';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const out = resolve(arg('--out') ?? resolve(import.meta.dirname, '../docs/img'));
const width = Number(arg('--width') ?? 1280);

interface Shot {
  readonly name: string;
  readonly query: Record<string, string>;
  /** What to do once the page is ready, before the picture. */
  readonly then?: (page: Page) => Promise<void>;
}

const SHOTS: readonly Shot[] = [
  { name: 'timeline', query: { view: 'timeline' } },
  {
    name: 'call-detail',
    query: { select: SEARCH_CALL },
    then: (page) => page.getByRole('complementary', { name: 'Details' }).waitFor(),
  },
  {
    name: 'state',
    query: { view: 'state' },
    then: async (page) => {
      // The first run: a snapshot, then a delta that picks hotels; shown at its last step.
      await page.getByRole('combobox', { name: 'Run' }).selectOption('showcase-1#0');
      const next = page.getByRole('button', { name: 'Next step' });
      while (await next.isEnabled()) await next.click();
    },
  },
  { name: 'messages', query: { view: 'messages' } },
  {
    // The broken A2UI v0.9 fixture instead of the showcase: its surfaces, trees and verdicts.
    name: 'surface',
    query: { demo: 'none', fixture: 'a2ui/v0_9-broken.jsonl', view: 'surface' },
    then: (page) => page.getByRole('region', { name: 'Surface weather' }).waitFor(),
  },
  {
    name: 'compare',
    query: { view: 'timeline' },
    then: async (page) => {
      await page.getByRole('button', { name: 'Compare runs' }).click();
      const region = page.getByRole('region', { name: 'Compare runs' });
      await region.getByRole('combobox', { name: 'Run A' }).selectOption('run:showcase-1#0');
      await region.getByRole('combobox', { name: 'Run B' }).selectOption('run:showcase-4#0');
      await region.getByRole('table', { name: 'Runs compared' }).waitFor();
    },
  },
];

const server = await startHarness();
const browser = await chromium.launch({ executablePath: findChromium(), args: QUIET_ARGS });
try {
  await mkdir(out, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport: { width, height: 720 }, colorScheme: theme });
    for (const shot of SHOTS) {
      const q = new URLSearchParams({ fresh: '1', theme, demo: 'showcase', tap: '1', ...shot.query });
      await page.goto(`${server.url}?${q.toString()}`);
      await page.locator('body[data-ready="1"]').waitFor();
      await page.getByRole('tablist').first().waitFor();
      await shot.then?.(page);
      // The README shows docked (narrow) pictures beside the wide ones: named by their width.
      const path = resolve(out, `${shot.name}-${theme}${width === 1280 ? '' : `-${width}`}.png`);
      await page.screenshot({ path });
      console.log(`wrote ${path}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
