// The matcher keeps its deadline: on the demo's 5,000-event long-session scenario, a
// stream that keeps the test's side busy, `toHaveNoAguiErrors({ timeout })` settles (pass
// or fail) within 20 % of the timeout it was given, as a web-first assertion must. The
// demo agent runs in its own process, as a user's would: its encoding work must not be
// counted against the fixture.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from '../src/playwright/index.js';
import { test } from './worker-fixtures.js';

const root = resolve(import.meta.dirname, '..');
let agent: ChildProcess;
let url = '';

test.beforeAll(async () => {
  // 200 events a burst, 150 ms between bursts: the run streams for about four seconds.
  agent = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(root, 'demo/server.ts'), '--port', '0', '--delay', '150'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  url = await new Promise<string>((done, fail) => {
    let out = '';
    agent.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const found = /http:\/\/\S+/.exec(out);
      if (found) done(found[0]);
    });
    agent.on('exit', (code) => fail(new Error(`the demo agent exited (${code}): ${out}`)));
  });
});

test.afterAll(() => {
  agent?.kill();
});

// Before the fix: 30.7 s for 300 ms (load 20 on 2 cores); after: within bounds, the
// matcher's own overrun measured 10-20 ms.
for (const timeout of [300, 1000]) {
  test(`toHaveNoAguiErrors({ timeout: ${timeout} }) on long-session ends by its deadline`, async ({ page, agui }) => {
    await page.goto(url);
    await page.selectOption('#scenario', 'long-session');
    // Warm: the first expect of a worker loads source maps for its stack; that is not the matcher's time.
    await expect(agui).toHaveNoAguiErrors();
    // The assertion starts once the stream is flowing: the busy part is what overran.
    await Promise.all([page.waitForResponse('**/agent'), page.click('#run')]);
    const started = performance.now();
    const failure = await expect(agui)
      .toHaveNoAguiErrors({ timeout })
      .then(
        () => '',
        (e: unknown) => String(e),
      );
    const took = performance.now() - started;
    expect(took, `the assertion took ${Math.round(took)} ms for a ${timeout} ms timeout`).toBeLessThanOrEqual(
      timeout * 1.2,
    );
    // It ended on its deadline with the run still streaming, and said so.
    expect(failure).toContain('still in flight');
  });
}
