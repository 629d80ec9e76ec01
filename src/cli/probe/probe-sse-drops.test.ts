// probe against a server that writes one event without its `data:` prefix: the step names
// what the client never saw (sse/no-data-field) and fails.
import { afterEach, describe, expect, it } from 'vitest';
import { plainRun, startTestServer, type TestServer } from './broken-servers.test-helper.js';
import { runCli } from '../memory-io.test-helper.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('probe: SSE lines the client drops', () => {
  it('fails text-turn with sse/no-data-field when an event lacks its data: prefix', async () => {
    server = await startTestServer((_req, res, _body, input) => {
      if (input === undefined) return void res.writeHead(400).end();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const [started, ...rest] = plainRun(input);
      // The text message's start written as bare JSON: the client never sees the message open.
      const bare = (rest[0] as string).replace(/^data: /, '');
      res.end([started, bare, ...rest.slice(1)].join(''));
    });
    const r = await runCli(['probe', server.url, '--step', 'text-turn', '--format', 'json']);
    const out = JSON.parse(r.stdout) as {
      findings: { rule: string; message: string }[];
      steps: { name: string; verdict: string }[];
    };
    const dropped = out.findings.find((f) => f.rule === 'sse/no-data-field');
    expect(dropped?.message).toContain('missing its "data:" prefix');
    expect(out.steps.find((s) => s.name === 'text-turn')?.verdict).toBe('failed');
    expect(r.code).toBe(1);
  });
});
