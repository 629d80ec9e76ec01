// Runs every demo scenario through the real server with the real HttpAgent (Node's
// fetch) and writes what crossed the wire to test/fixtures/demo/: one body per response
// (<scenario>.sse, .bin for protobuf, <scenario>.run2.sse for a second run), session.har
// and index.json. Ids and times are fixed and the origin is normalised, so re-running
// gives identical files. Run: npx tsx scripts/record-fixtures.ts
import { HttpAgent, type HttpAgentFetchFn } from '@ag-ui/client';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { startDemoServer } from '../demo/server.js';
import { SCENARIOS, type Scenario } from '../demo/scenarios/index.js';
import { FRONTEND_TOOL_DEFS, executeFrontendTool, pendingFrontendCalls } from '../demo/app/frontend-tools.js';
import { chromeHar, type RecordedExchange } from './demo-har.js';

const OUT = resolve(import.meta.dirname, '../test/fixtures/demo');
/** The standalone server's default origin; the recording server's random port is replaced by it. */
const ORIGIN = 'http://127.0.0.1:8787';
const PROTO = 'application/vnd.ag-ui.event+proto';

/** Reads a body to the end, keeping what arrived before a network error (the cut-off scenario). */
async function drain(stream: ReadableStream<Uint8Array> | null): Promise<{ bytes: Uint8Array; error?: unknown }> {
  const parts: Uint8Array[] = [];
  if (!stream) return { bytes: new Uint8Array() };
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes: Buffer.concat(parts) };
      parts.push(value);
    }
  } catch (error) {
    return { bytes: Buffer.concat(parts), error };
  }
}

/** The recorded body as a fresh stream for the client, failing where the original failed. */
function replay(bytes: Uint8Array, error: unknown): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      if (bytes.length) c.enqueue(bytes);
      if (error) c.error(error);
      else c.close();
    },
  });
}

const FIXED_DATE = 'Tue, 01 Dec 2026 10:00:00 GMT';

/** Header pairs, with the Date header pinned so re-recording changes nothing. */
function headerPairs(h: Headers | HeadersInit | undefined): [string, string][] {
  return [...new Headers(h).entries()].map(([k, v]): [string, string] => [k, k === 'date' ? FIXED_DATE : v]);
}

// The body is read in full before the client sees it: a tee would lose the last queued
// chunk of a truncated stream, because erroring a stream discards its queue.
function recordingFetch(base: string, log: RecordedExchange[], accept?: string): HttpAgentFetchFn {
  return async (url, init) => {
    const headers = new Headers(init.headers);
    if (accept) headers.set('Accept', accept);
    const res = await fetch(url, { ...init, headers });
    const { bytes, error } = await drain(res.body);
    log.push({
      url: url.replace(base, ORIGIN),
      method: init.method ?? 'GET',
      requestHeaders: headerPairs(headers),
      requestBody: typeof init.body === 'string' ? init.body : undefined,
      status: res.status,
      responseHeaders: headerPairs(res.headers),
      body: bytes,
      resourceType: 'fetch',
    });
    return new Response(replay(bytes, error), { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

async function recordAgent(s: Scenario, base: string): Promise<RecordedExchange[]> {
  const log: RecordedExchange[] = [];
  const agent = new HttpAgent({
    url: `${base}/agent`,
    threadId: `thread-${s.name}`,
    initialMessages: [{ id: 'user-1', role: 'user', content: s.prompt }],
    fetch: recordingFetch(base, log, s.transport === 'proto' ? PROTO : undefined),
  });
  for (let run = 1; run <= 2; run++) {
    const ok = await agent
      .runAgent({ runId: `run-${run}`, tools: FRONTEND_TOOL_DEFS, forwardedProps: { scenario: s.name } })
      .then(
        () => true,
        () => false,
      );
    const pending = pendingFrontendCalls(agent.messages);
    if (!ok || pending.length === 0) break;
    agent.addMessages(pending.map((c, i) => executeFrontendTool(c.id, c.name, c.args, `answer-${run}-${i}`)));
  }
  return log;
}

async function recordEventSource(s: Scenario, base: string): Promise<RecordedExchange> {
  const url = `${base}/events?scenario=${s.name}`;
  const requestHeaders: [string, string][] = [
    ['Accept', 'text/event-stream'],
    ['Cache-Control', 'no-cache'],
  ];
  const res = await fetch(url, { headers: requestHeaders });
  const { bytes: body } = await drain(res.body);
  return {
    url: url.replace(base, ORIGIN),
    method: 'GET',
    requestHeaders,
    status: res.status,
    responseHeaders: headerPairs(res.headers),
    body,
    resourceType: 'eventsource',
  };
}

// @ag-ui/client 1.0 rethrows the cancel() rejection of a failed stream as an unhandled
// rejection (see demo/app/rejection-guard.ts); the cut-off run has already failed.
process.on('unhandledRejection', (reason) => {
  if (reason instanceof Error && /terminated|network/i.test(reason.message)) return;
  throw reason;
});

const server = await startDemoServer({ delayMs: 0 });
const all: RecordedExchange[] = [];
const index: Record<string, unknown>[] = [];
try {
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  for (const s of SCENARIOS) {
    const exchanges =
      s.transport === 'eventsource' ? [await recordEventSource(s, server.url)] : await recordAgent(s, server.url);
    const files: string[] = [];
    for (const [i, x] of exchanges.entries()) {
      const file = `${s.name}${i ? `.run${i + 1}` : ''}${s.transport === 'proto' ? '.bin' : '.sse'}`;
      await writeFile(resolve(OUT, file), x.body);
      files.push(file);
    }
    all.push(...exchanges);
    index.push({
      scenario: s.name,
      title: s.title,
      description: s.description,
      transport: s.transport,
      verdict: s.verdict,
      ...(s.clientError ? { clientError: s.clientError } : {}),
      ...(s.cutTail ? { truncated: true } : {}),
      files,
    });
    console.log(`${s.name}: ${files.join(', ')}`);
  }
  await writeFile(resolve(OUT, 'session.har'), JSON.stringify(chromeHar(all, `${ORIGIN}/`), null, 1) + '\n');
  await writeFile(resolve(OUT, 'index.json'), JSON.stringify(index, null, 2) + '\n');
  console.log(`wrote ${all.length} exchanges to ${OUT}/session.har and index.json`);
} finally {
  await server.close();
}
