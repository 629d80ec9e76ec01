// The probe's request is the one @ag-ui/client's HttpAgent sends: same method, headers
// and RunAgentInput fields, checked against a real HttpAgent on the same server.
import { afterEach, expect, it } from 'vitest';
import { HttpAgent } from '@ag-ui/client';
import { startTestServer, wellBehaved, type TestServer } from './broken-servers.test-helper.js';
import { runCli } from '../memory-io.test-helper.js';

let server: TestServer | undefined;
afterEach(() => server?.close());

it('sends what HttpAgent sends', async () => {
  server = await startTestServer(wellBehaved);
  const agent = new HttpAgent({ url: server.url, headers: { Authorization: 'Bearer agent-token-1' } });
  agent.messages = [{ id: 'm1', role: 'user', content: 'hi' }];
  await agent.runAgent({ tools: [{ name: 't', description: 'd', parameters: { type: 'object', properties: {} } }] });
  const script = JSON.stringify({
    steps: [
      {
        name: 'one',
        kind: 'turn',
        tools: [{ name: 't', description: 'd' }],
        messages: [{ role: 'user', content: 'hi' }],
      },
    ],
  });
  const r = await runCli(['probe', server.url, '--script', 's.json', '-H', 'Authorization: Bearer agent-token-1'], {
    files: { 's.json': script },
  });
  expect(r.code).toBe(0);
  const [byAgent, byProbe] = server.requests;
  const body = (i: number) => JSON.parse(server!.requests[i]!.body) as Record<string, unknown>;
  expect(Object.keys(body(1)).sort()).toEqual(Object.keys(body(0)).sort());
  for (const key of ['protocolVersion', 'tools', 'context', 'forwardedProps', 'state'])
    expect(body(1)[key], key).toEqual(body(0)[key]);
  for (const name of ['content-type', 'accept', 'authorization', 'accept-encoding'])
    expect(byProbe!.headers[name], name).toBe(byAgent!.headers[name]);
});
