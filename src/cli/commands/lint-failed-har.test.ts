// lint of a HAR whose run requests failed: each is a finding (exit 1), not an "ignored" entry.
import { describe, expect, it } from 'vitest';
import { sseHarEntry } from '../../../test/har-entry.test-helper.js';
import { main, type CliIo } from '../main.js';

/** `streamed`: lint reads the file in pieces (as from a disk), keeping no captured bytes. */
async function lint(har: unknown, extra: string[] = [], streamed = false) {
  let stdout = '';
  let stderr = '';
  const bytes = new TextEncoder().encode(JSON.stringify(har));
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readFile: async () => bytes,
    ...(streamed
      ? {
          openFile: async () =>
            async function* () {
              for (let at = 0; at < bytes.length; at += 64) yield bytes.subarray(at, at + 64);
            },
        }
      : {}),
    color: false,
    version: '9.9.9-test',
  };
  const code = await main(['lint', ...extra, '/virtual/app.har'], io);
  return { code, stdout, stderr };
}

const INPUT = JSON.stringify({ threadId: 't1', runId: 'r1', messages: [], tools: [] });
const SSE =
  'data: {"type":"RUN_STARTED","threadId":"t1","runId":"r0"}\n\ndata: {"type":"RUN_FINISHED","threadId":"t1","runId":"r0"}\n\n';

/** An entry of a POST to `url` answered `status` `mimeType` `text` (or failed with `_error`). */
function answered(
  url: string,
  status: number,
  mimeType: string,
  text: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const entry = sseHarEntry({ url, requestBody: INPUT, sse: '', time: 5 });
  return {
    ...entry,
    response: {
      ...(entry['response'] as Record<string, unknown>),
      status,
      headers: [{ name: 'content-type', value: mimeType }],
      content: { size: text.length, mimeType, text },
    },
    ...extra,
  };
}

const har = (...entries: unknown[]) => ({ log: { version: '1.2', entries } });

describe('lint of a HAR with failed run requests', () => {
  it.each([false, true])(
    'reports a 503 text/plain answer as transport/http-status and exits 1 (streamed: %s)',
    async (streamed) => {
      const r = await lint(har(answered('http://127.0.0.1:9/agent', 503, 'text/plain', 'upstream down')), [], streamed);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('transport/http-status');
      expect(r.stdout).toContain('HTTP 503 text/plain — upstream down');
      expect(r.stderr).not.toContain('contains no event-stream responses');
    },
  );

  it('reports an HTML 500 by its title and a JSON 401 by its body', async () => {
    const r = await lint(
      har(
        answered(
          'http://x/agent',
          500,
          'text/html',
          '<html><head><title>Bad Gateway</title></head><body>nginx</body></html>',
        ),
        answered('http://x/agent', 401, 'application/json', '{"error":"invalid api key"}'),
      ),
      ['--format', 'json'],
    );
    expect(r.code).toBe(1);
    const findings = (JSON.parse(r.stdout) as { findings: { rule: string; message: string }[] }).findings;
    expect(findings.map((f) => f.rule)).toEqual(['transport/http-status', 'transport/http-status']);
    expect(findings[0]?.message).toContain('Bad Gateway — nginx');
    expect(findings[1]?.message).toContain('{"error":"invalid api key"}');
  });

  it('reports an _error / status 0 entry as transport/network-error', async () => {
    const refused = answered('http://127.0.0.1:9/agent', 0, 'x-unknown', '', { _error: 'net::ERR_CONNECTION_REFUSED' });
    const r = await lint(har(refused));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('transport/network-error');
    expect(r.stdout).toContain('net::ERR_CONNECTION_REFUSED');
  });

  it('a later 200 JSON answer to a URL that served runs is transport/content-type; other JSON is ignored', async () => {
    const run = sseHarEntry({ url: 'http://x/agent', requestBody: INPUT, sse: SSE, time: 5 });
    const json = { ...answered('http://x/agent', 200, 'application/json', '{"ok":1}') };
    const noInput = (request: Record<string, unknown>) => ({ ...request, postData: { mimeType: 'x', text: 'hello' } });
    const sameUrl = { ...json, request: noInput(json.request as Record<string, unknown>) };
    const other = { ...json, request: { ...noInput(json.request as Record<string, unknown>), url: 'http://x/api/me' } };
    const r = await lint(har(run, sameUrl, other));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('transport/content-type');
    expect(r.stderr).toContain('ignored 1 entry (not AG-UI run requests)');
  });
});
