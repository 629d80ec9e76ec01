// `view` in-process: what it refuses, what it prints, whether it opens the browser, and the
// server's answers (the page itself in real Chromium: e2e/view.spec.ts).
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { FIXTURES } from '../../../test/fixtures/read-fixture.js';
import { main, type CliIo } from '../main.js';

/** A stand-in for dist-viewer/: the server only needs its files to exist. */
function fakeViewerDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agui-viewer-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'viewer.html'), '<!doctype html><title>viewer</title>');
  writeFileSync(join(dir, 'assets', 'viewer-x1.js'), 'export {};');
  return join(dir, '/');
}

async function view(argv: string[], overrides: Partial<CliIo> = {}) {
  let stdout = '';
  let stderr = '';
  const opened: string[] = [];
  let stop: () => void = () => undefined;
  let printed: () => void = () => undefined;
  const ready = new Promise<void>((done) => (printed = done));
  const exit = main(['view', ...argv], {
    stdout: (t) => {
      stdout += t;
      printed();
    },
    stderr: (t) => void (stderr += t),
    readFile: async (p) => new Uint8Array(readFileSync(resolve(FIXTURES, p))),
    color: false,
    viewerDir: fakeViewerDir(),
    openUrl: async (url) => void opened.push(url),
    untilStopped: () => new Promise<void>((done) => (stop = done)),
    ...overrides,
  });
  const settled = await Promise.race([exit.then((code) => ({ code })), ready.then(() => undefined)]);
  return {
    settled,
    opened,
    out: () => ({ stdout, stderr }),
    stop: async () => (stop(), await exit),
  };
}

describe('agui-inspector view', () => {
  it('serves the viewer and the file under a random path, opens it, and stops with 0', async () => {
    const v = await view(['frontend-round-trip.har']);
    expect(v.settled).toBeUndefined();
    const url = v.out().stdout.split('  ')[0]!;
    expect(v.out().stdout).toBe(`${url}  frontend-round-trip.har\n`);
    expect(v.opened).toEqual([url]);
    const page = await fetch(url);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await (await fetch(`${url}files.json`)).json()).toEqual([
      { name: 'frontend-round-trip.har', url: './file/1' },
    ]);
    const file = new Uint8Array(await (await fetch(`${url}file/1`)).arrayBuffer());
    expect(file).toEqual(new Uint8Array(readFileSync(resolve(FIXTURES, 'frontend-round-trip.har'))));
    expect((await fetch(`${url}assets/viewer-x1.js`)).status).toBe(200);
    expect((await fetch(`${url}assets/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
    expect((await fetch(`${url}file/2`)).status).toBe(404);
    expect(await v.stop()).toBe(0);
  });

  it('--no-open prints the URL and opens nothing', async () => {
    const v = await view(['--no-open', 'frontend-round-trip.har']);
    expect(v.out().stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\/ {2}frontend-round-trip\.har\n$/);
    expect(v.opened).toEqual([]);
    expect(await v.stop()).toBe(0);
  });

  it('serves a Playwright .zip HAR as the HAR with its bodies inline, which the viewer reads', async () => {
    const body = 'data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n';
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'Playwright', version: '1.65.1' },
        entries: [
          {
            startedDateTime: '2026-01-01T00:00:00.000Z',
            time: 5,
            request: { method: 'POST', url: 'http://127.0.0.1:9/agent', headers: [] },
            response: { status: 200, headers: [], content: { mimeType: 'text/event-stream', _file: 'b1.dat' } },
          },
        ],
      },
    };
    const enc = (s: string) => new TextEncoder().encode(s);
    const zip = zipSync({ 'trace.har': enc(JSON.stringify(har)), 'b1.dat': enc(body) });
    const v = await view(['--no-open', 'recorded.zip'], { readFile: async () => zip });
    const url = v.out().stdout.split('  ')[0]!;
    const served = (await (await fetch(`${url}file/1`)).json()) as typeof har;
    const content = served.log.entries[0]?.response.content as Record<string, unknown> | undefined;
    expect(content?.['encoding']).toBe('base64');
    expect(Buffer.from(String(content?.['text']), 'base64').toString('utf8')).toBe(body);
    expect(content?.['_file']).toBeUndefined();
    expect(await v.stop()).toBe(0);
  });

  it('exits 2 for a missing file, no file, or no built viewer', async () => {
    const missing = await view(['nope.har']);
    expect(missing.settled).toEqual({ code: 2 });
    expect(missing.out().stderr).toContain('nope.har');
    expect((await view([])).settled).toEqual({ code: 2 });
    const unbuilt = await view(['frontend-round-trip.har'], { viewerDir: undefined });
    expect(unbuilt.settled).toEqual({ code: 2 });
    expect(unbuilt.out().stderr).toContain('npm run build');
  });
});
