// The real @ag-ui/client HttpAgent (the demo app) against the demo agent: the run ends
// the same with and without the extension, and the stream shows up in the pop-out panel.
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

interface RunOutcome {
  readonly ok: boolean;
  readonly runs: number;
  readonly events: string | null;
}

async function runScenario(page: Page, name: string): Promise<RunOutcome> {
  await page.goto(demo.url);
  const r = await page.evaluate(
    (n) => (window as unknown as { runScenario: (s: string) => Promise<{ ok: boolean; runs: number }> }).runScenario(n),
    name,
  );
  return { ok: r.ok, runs: r.runs, events: await page.locator('#status').getAttribute('data-events') };
}

for (const [scenario, encoding] of [
  ['backend-tool', 'sse'],
  ['protobuf', 'proto'],
] as const) {
  test(`HttpAgent ${scenario}: same outcome with and without us, captured as ${encoding}`, async ({
    page,
    barePage,
    feedOf,
    openPanelTab,
  }) => {
    await page.goto(demo.url);
    const feed = await feedOf(page);
    const panel = await openPanelTab(page);
    const [withExt, without] = await Promise.all([runScenario(page, scenario), runScenario(barePage, scenario)]);
    expect(withExt).toEqual(without);
    expect(withExt.ok).toBe(true);
    await expect
      .poll(async () =>
        (await feed.messages())
          .filter((m) => m.kind === 'stream-open' || m.kind === 'stream-end')
          .map((m) => (m.kind === 'stream-open' ? `${m.method} ${(m as { encoding?: string }).encoding}` : m.reason)),
      )
      .toEqual([`POST ${encoding}`, 'complete']);
    const open = (await feed.messages()).find((m) => m.kind === 'stream-open');
    expect(JSON.parse(open?.requestBody ?? '{}')).toMatchObject({
      threadId: expect.any(String),
      runId: expect.any(String),
      messages: expect.any(Array),
    });
    await expect(panel.getByRole('status', { name: 'Capture health' })).toContainText('1 stream');
  });
}
