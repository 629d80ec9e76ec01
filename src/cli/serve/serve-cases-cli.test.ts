// `agui-inspector serve --cases` as a client's tester uses it: list the catalogue, serve
// cases in order or by name, and read how each request ended when stopped.
import { describe, expect, it } from 'vitest';
import { HttpAgent } from '@ag-ui/client';
import { main } from '../main.js';
import { memoryIo } from '../memory-io.test-helper.js';
import { FRAMEWORK_CASES } from '../../core/client-cases/frameworks.js';

function stoppable() {
  let stop = () => undefined as void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  return { untilStopped: () => stopped, stop };
}

async function urlFrom(mem: { readonly stderr: string }): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const m = /at (http:\/\/\S+)/.exec(mem.stderr);
    if (m !== null) return m[1]!;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`serve did not start: ${mem.stderr}`);
}

describe('serve --cases', () => {
  it('lists every case with what a good client does and where it comes from', async () => {
    const mem = memoryIo();
    expect(await main(['serve', '--cases', 'list'], mem.io)).toBe(0);
    expect(mem.stdout).toContain('official/1.1/chunk-conflicting-role-fatal\n');
    expect(mem.stdout).toContain('frameworks/open-after-finished\n');
    expect(mem.stdout).toContain('a good client: Treats the run as over at RUN_FINISHED');
    expect(mem.stdout).toContain('source: AG-UI conformance corpus 1.1: chunk-conflicting-role-fatal.json');
  });

  it('refuses a pick that names no case, with the picks it knows (exit 2)', async () => {
    const mem = memoryIo();
    expect(await main(['serve', '--cases', 'frameworks/no-such-case'], mem.io)).toBe(2);
    expect(mem.stderr).toContain('no case matches "frameworks/no-such-case"');
    expect(mem.stderr).toContain('official, frameworks, all');
  });

  it('answers in catalogue order or by name, and says how each request ended', { timeout: 30_000 }, async () => {
    const control = stoppable();
    const mem = memoryIo({ untilStopped: control.untilStopped });
    const done = main(['serve', '--cases', 'frameworks', '--port', '0', '--speed', '1'], mem.io);
    const url = await urlFrom(mem);
    // In order: the first framework case.
    const first = new HttpAgent({ url: `${url}/agent`, threadId: 'app-thread' });
    await first.runAgent({ runId: 'app-run' });
    expect(first.messages.map((m) => m.role)).toEqual(['assistant']);
    // By name, in the query string, as an EventSource client would: a 502 HTML page.
    const page = await fetch(`${url}/agent?run=frameworks/html-error-page`, { method: 'POST', body: '{}' });
    expect(page.status).toBe(502);
    expect(await page.text()).toContain('<title>502 Bad Gateway</title>');
    // By header: the body left open after RUN_FINISHED; the client gives up on it.
    const open = new HttpAgent({
      url: `${url}/agent`,
      threadId: 't',
      headers: { 'X-Agui-Run': 'frameworks/open-after-finished' },
    });
    const running = open.runAgent({}, { onRunFailed: () => undefined }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500));
    expect(open.isRunning).toBe(true);
    open.abortRun();
    await running;
    await new Promise((r) => setTimeout(r, 100));
    control.stop();
    expect(await done).toBe(0);
    expect(mem.stdout).toContain(`3 of ${FRAMEWORK_CASES.length} cases requested`);
    expect(mem.stdout).toMatch(/frameworks\/reopened-call: read to the end after \d+\.\d s/);
    expect(mem.stdout).toMatch(/frameworks\/open-after-finished: cancelled by the client after \d+\.\d s/);
    expect(mem.stdout).toContain('frameworks/http-500: never requested');
    // The journal line names the case that answered, with the request's own ids.
    expect(mem.stdout).toContain('POST /agent thread=app-thread run=app-run → frameworks/reopened-call 200');
  });
});
