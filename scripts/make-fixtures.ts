// Writes the committed stream fixtures in test/fixtures/ with the real @ag-ui/encoder.
// Run: npx tsx scripts/make-fixtures.ts. Output is deterministic (fixed ids and times).
import { EventEncoder } from '@ag-ui/encoder';
import type { BaseEvent } from '@ag-ui/core';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { concatBytes } from '../src/core/bytes.js';
import { chromeHar, firefoxHar, type HarExchange } from './fixtures/har-build.js';
import * as s from './fixtures/streams.js';
import { buildSessionV1 } from './fixtures/session-build.js';

const out = resolve(import.meta.dirname, '../test/fixtures');
const sse = new EventEncoder();
const proto = new EventEncoder({ accept: 'application/vnd.ag-ui.event+proto' });
const utf8 = (text: string) => new TextEncoder().encode(text);

export const sseBody = (events: readonly BaseEvent[]): string => events.map((e) => sse.encodeSSE(e)).join('');
const protoBody = (events: readonly BaseEvent[]): Uint8Array => {
  const frames = events.map((e) => proto.encodeBinary(e));
  return concatBytes(frames);
};

const AGENT = 'http://localhost:8000/agent';
const requestHeaders = (extra: [string, string][] = []): [string, string][] => [
  ['Accept', 'text/event-stream'],
  ['Content-Type', 'application/json'],
  ...extra,
];
const sseHeaders: [string, string][] = [
  ['content-type', 'text/event-stream; charset=utf-8'],
  ['cache-control', 'no-cache'],
];

async function write(name: string, data: string | Uint8Array): Promise<void> {
  await writeFile(resolve(out, name), data);
  console.log(`wrote test/fixtures/${name}`);
}

await mkdir(out, { recursive: true });

const backend = sseBody(s.backendTool());
await write('backend-tool.sse', backend);
await write('backend-tool.bin', protoBody(s.backendTool()));
await write('renamed-reopen.sse', sseBody(s.renamedReopen()));
await write('chunked-calls.sse', sseBody(s.chunkedCalls()));
await write('crlf-framing.sse', backend.replace(/\n/g, '\r\n'));
// Cut inside the last frame as well: a connection dropped mid-write.
const truncated = sseBody(s.truncatedRun());
await write('truncated.sse', `${truncated}data: {"type":"TOOL_CALL_ARGS","toolCallId":"call_weat`);
await write(
  'events.jsonl',
  s
    .backendTool()
    .map((e) => JSON.stringify(e))
    .join('\n') + '\n',
);
await write('events.json', JSON.stringify(s.chunkedCalls(), null, 2) + '\n');

// Firefox-style HAR of the frontend round trip. Entries are saved out of order, and the
// times use different zone offsets, so ordering must go by instant, not by text.
const run1: HarExchange = {
  url: AGENT,
  method: 'POST',
  requestHeaders: requestHeaders(),
  requestBody: JSON.stringify(s.frontendInput1()),
  status: 200,
  responseHeaders: sseHeaders,
  mimeType: 'text/event-stream; charset=utf-8',
  body: utf8(sseBody(s.frontendRun1())),
  startedDateTime: '2025-12-02T19:26:40.000+01:00',
  time: 912,
};
const run2: HarExchange = {
  ...run1,
  requestBody: JSON.stringify(s.frontendInput2()),
  body: utf8(sseBody(s.frontendRun2())),
  startedDateTime: '2025-12-02T18:27:40.000Z',
  time: 655,
};
await write('frontend-round-trip.har', JSON.stringify(firefoxHar([run2, run1]), null, 2) + '\n');

// Chrome-style HAR: base64 bodies (SSE and protobuf), credentials in headers, and a
// plain JSON request that is not an AG-UI stream.
const config: HarExchange = {
  url: 'http://localhost:5173/api/config',
  method: 'GET',
  requestHeaders: [['Accept', 'application/json']],
  status: 200,
  responseHeaders: [['content-type', 'application/json']],
  mimeType: 'application/json',
  body: utf8('{"agentUrl":"/agent"}'),
  startedDateTime: '2025-12-02T18:26:39.500Z',
  time: 12,
};
const weather: HarExchange = {
  url: `${AGENT}?session=abc123`,
  method: 'POST',
  requestHeaders: requestHeaders([
    ['Authorization', 'Bearer sk-live-1234567890'],
    ['Cookie', 'sid=s3cr3t'],
    ['X-Api-Key', 'key-987'],
    ['X-CSRF-Token', 'tok-555'],
  ]),
  requestBody: JSON.stringify(s.WEATHER_INPUT),
  status: 200,
  responseHeaders: sseHeaders,
  mimeType: 'text/event-stream',
  body: utf8(backend),
  base64: true,
  startedDateTime: '2025-12-02T18:26:41.250Z',
  time: 1320.5,
};
const weatherProto: HarExchange = {
  ...weather,
  url: `${AGENT}/proto`,
  requestHeaders: requestHeaders([['Accept', 'application/vnd.ag-ui.event+proto']]),
  responseHeaders: [['content-type', 'application/vnd.ag-ui.event+proto']],
  mimeType: 'application/vnd.ag-ui.event+proto',
  requestBody: JSON.stringify({ ...s.WEATHER_INPUT, threadId: 'thread-weather-proto' }),
  body: protoBody(s.backendTool('thread-weather-proto')),
  startedDateTime: '2025-12-02T18:26:45.000Z',
};
await write('chrome-base64.har', JSON.stringify(chromeHar([weatherProto, config, weather]), null, 2) + '\n');

// Chrome-style HAR saved without content: the stream entry has no text.
const { body: _dropped, ...noBody } = weather;
await write('no-bodies.har', JSON.stringify(chromeHar([config, noBody]), null, 2) + '\n');

// The v1 session export, kept forever: only rewrite it when asked.
if (!existsSync(resolve(out, 'session-v1.json')) || process.argv.includes('--session')) {
  await write('session-v1.json', await buildSessionV1({ run1, run2, sseBody, events: s.backendTool() }));
}
