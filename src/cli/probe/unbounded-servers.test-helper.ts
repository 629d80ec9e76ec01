// Servers on 127.0.0.1 whose answers have no end, for the probe's bounds: valid events
// forever, one `data:` line that never ends, and a protobuf frame announcing 2 GB followed
// by bytes without end. Each writes as fast as the socket drains and stops when it closes.
import type { ServerResponse } from 'node:http';
import { startTestServer, type TestServer } from './broken-servers.test-helper.js';

const BLOCK = 64 * 1024;

/** Writes `next()` as fast as the client reads, until the connection closes. */
function pump(res: ServerResponse, first: Uint8Array, next: () => Uint8Array): void {
  let closed = false;
  res.on('close', () => void (closed = true));
  const write = (): void => {
    while (!closed) if (!res.write(next())) return void res.once('drain', write);
  };
  res.write(first);
  write();
}

const utf8 = new TextEncoder();

function endlessEvents(threadId: string, runId: string): [Uint8Array, () => Uint8Array] {
  const event = `data: ${JSON.stringify({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'endless '.repeat(8) })}\n\n`;
  const block = utf8.encode(event.repeat(Math.ceil(BLOCK / event.length)));
  const start = utf8.encode(
    `data: ${JSON.stringify({ type: 'RUN_STARTED', threadId, runId })}\n\n` +
      `data: ${JSON.stringify({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' })}\n\n`,
  );
  return [start, () => block];
}

export type Unbounded = 'events' | 'line' | 'proto';

export function startUnboundedServer(kind: Unbounded): Promise<TestServer> {
  return startTestServer((_req, res, _body, input) => {
    const threadId = input?.threadId ?? 't';
    const runId = input?.runId ?? 'r';
    if (kind === 'proto') {
      res.writeHead(200, { 'Content-Type': 'application/vnd.ag-ui.event+proto' });
      const prefix = new Uint8Array([0x80, 0, 0, 0]);
      const filler = new Uint8Array(BLOCK).fill(0x0a);
      return pump(res, prefix, () => filler);
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    if (kind === 'events') {
      const [first, next] = endlessEvents(threadId, runId);
      return pump(res, first, next);
    }
    const filler = utf8.encode('x'.repeat(BLOCK));
    pump(res, utf8.encode('data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"'), () => filler);
  });
}
