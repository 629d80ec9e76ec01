// The demo server streams exactly EventEncoder's bytes, negotiates protobuf by Accept,
// cuts the cut-off stream, serves EventSource with named events and closes cleanly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventEncoder } from '@ag-ui/encoder';
import type { RunAgentInput } from '@ag-ui/core';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoServer, type DemoServer } from './server.js';
import { encodeAll } from './stream-events.js';
import { SCENARIOS, findScenario } from './scenarios/index.js';

const PROTO = 'application/vnd.ag-ui.event+proto';
const input = (scenario: string): RunAgentInput => ({
  threadId: 't1',
  runId: 'r1',
  messages: [],
  tools: [],
  context: [],
  forwardedProps: { scenario },
});

let server: DemoServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'demo-static-'));
  await writeFile(join(staticDir, 'index.html'), '<title>demo</title>');
  server = await startDemoServer({ delayMs: 0, staticDir });
});
afterAll(() => server.close());

async function post(
  body: unknown,
  accept = 'text/event-stream',
  query = '',
): Promise<{ status: number; type: string | null; bytes: Buffer; failed: boolean }> {
  const res = await fetch(`${server.url}/agent${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: accept },
    body: JSON.stringify(body),
  });
  const parts: Uint8Array[] = [];
  let failed = false;
  const reader = res.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
    }
  } catch {
    failed = true;
  }
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.concat(parts), failed };
}

describe.each(SCENARIOS.filter((s) => s.transport !== 'eventsource').map((s) => [s.name, s] as const))(
  'POST /agent %s',
  (name, s) => {
    it('streams the bytes EventEncoder encodes', async () => {
      const accept = s.transport === 'proto' ? PROTO : 'text/event-stream';
      const got = await post(input(name), accept);
      const events = s.events(input(name));
      const expected = encodeAll(events.slice(0, events.length - (s.cutTail ?? 0)), accept);
      expect(got.status).toBe(200);
      expect(got.type).toBe(expected.contentType);
      expect(got.bytes.equals(expected.body)).toBe(true);
      expect(got.failed).toBe(Boolean(s.cutTail));
    });
  },
);

describe('demo server', () => {
  it('answers protobuf to a proto Accept, SSE otherwise, for any scenario', async () => {
    const proto = await post(input('backend-tool'), PROTO);
    expect(proto.type).toBe(PROTO);
    expect(proto.bytes.readUInt32BE(0)).toBe(
      new EventEncoder({ accept: PROTO }).encodeBinary(findScenario('backend-tool')!.events(input('backend-tool'))[0]!)
        .length - 4,
    );
    const sse = await post(input('protobuf'));
    expect(sse.bytes.toString('utf8')).toMatch(/^data: \{"type":"RUN_STARTED"/);
  });

  it('picks the scenario from the query when forwardedProps has none, and records the request', async () => {
    const got = await post({ threadId: 't', runId: 'r', messages: [] }, 'text/event-stream', '?scenario=reopen-clean');
    expect(got.bytes.toString('utf8')).toContain('"toolCallName":"get_weather"');
    expect(server.requests.at(-1)).toMatchObject({
      method: 'POST',
      scenario: 'reopen-clean',
      headers: { accept: 'text/event-stream' },
    });
  });

  it('rejects unknown scenarios and bodies that are not a RunAgentInput', async () => {
    expect((await post(input('nope'))).status).toBe(404);
    expect((await post({ hello: 1 })).status).toBe(400);
  });

  it('GET /events: encoder data blocks plus named progress and done events', async () => {
    const text = await (await fetch(`${server.url}/events?scenario=eventsource`)).text();
    const events = findScenario('eventsource')!.events({
      threadId: 'es-thread',
      runId: 'es-run-1',
      messages: [],
      tools: [],
      context: [],
    });
    const encoder = new EventEncoder();
    let at = 0;
    for (const e of events) {
      at = text.indexOf(encoder.encode(e), at);
      expect(at).toBeGreaterThan(0);
    }
    expect(text).toMatch(/^: keep-alive\n/m);
    expect(text).toContain('event: progress\ndata: {"type":"CUSTOM","name":"progress","value":{"sent":4,');
    const terminal = events[events.length - 1]!;
    expect(text.endsWith(`event: done\n${encoder.encode(terminal)}`)).toBe(true);
    // Every data payload is an AG-UI event, named or not.
    for (const line of text.split('\n').filter((l) => l.startsWith('data: '))) {
      expect(typeof (JSON.parse(line.slice(6)) as { type?: unknown }).type).toBe('string');
    }
  });

  it('serves the demo app at /', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<title>demo</title>');
    expect((await fetch(`${server.url}/..%2f..%2fetc%2fpasswd`)).status).not.toBe(200);
  });

  it('close() ends a hanging stream and resolves', async () => {
    const slow = await startDemoServer({ delayMs: 60_000 });
    const res = await fetch(`${slow.url}/agent`, { method: 'POST', body: JSON.stringify(input('backend-tool')) });
    const reader = res.body!.getReader();
    await reader.read(); // the first event arrived; the next is a minute away
    const started = Date.now();
    await slow.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(reader.read()).rejects.toThrow();
  });
});
