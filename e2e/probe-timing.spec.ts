// `agui-inspector probe` against the e2e test server's timing routes: each fault fails the
// probe (exit 1) with the finding that names it, and none makes it wait out its timeout.
import { test, expect } from '@playwright/test';
import { main } from '../src/cli/main.js';
import { startTestServer, type TestServer } from '../harness/pages/test-server.js';

let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer();
});
test.afterAll(async () => {
  await server?.close();
});

async function probe(path: string, ...args: string[]): Promise<{ code: number; out: string; ms: number }> {
  let out = '';
  const started = Date.now();
  const code = await main(['probe', `${server.url}${path}`, '--step', 'text-turn', ...args], {
    stdout: (t) => void (out += t),
    stderr: (t) => void (out += t),
    readFile: () => Promise.reject(new Error('no files here')),
    color: false,
  });
  return { code, out, ms: Date.now() - started };
}

test('a body open after RUN_FINISHED fails once the end grace passes', async () => {
  const r = await probe('/timing/open-after-finished?open=30000', '--end-grace', '2000');
  expect(r.code).toBe(1);
  expect(r.out).toContain('timing/open-after-terminal');
  expect(r.ms).toBeLessThan(15_000);
});

test('a body cut mid tool call fails without RUN_FINISHED', async () => {
  const r = await probe('/timing/truncated');
  expect(r.code).toBe(1);
  expect(r.out).toContain('probe/no-terminal');
});

test('a run held back 3 s and sent at once fails as buffered', async () => {
  const r = await probe('/timing/buffered?silence=3000');
  expect(r.code).toBe(1);
  expect(r.out).toContain('a proxy or compression is buffering the stream');
});

test('a stall of 31 s inside the run is reported, and fails at --fail-on warning', async () => {
  test.setTimeout(90_000);
  const r = await probe('/timing/stalled?stall=31000', '--timeout', '60000', '--fail-on', 'warning');
  expect(r.code).toBe(1);
  expect(r.out).toContain('timing/stall');
  expect(r.out).toMatch(/No event for 3\d s inside the open run/);
});
