// Deliberately broken AG-UI servers on 127.0.0.1 (port 0), one fault each, for the probe's
// tests: the faults backend developers ship (a hang, a run that outlives its client, ids
// not echoed, an HTML error page, a global "current run" shared by concurrent requests).
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';

export interface TestServer {
  readonly url: string;
  /** Request headers and bodies received, oldest first. */
  readonly requests: {
    readonly headers: Readonly<Record<string, string | string[] | undefined>>;
    readonly body: string;
  }[];
  close(): Promise<void>;
}

interface Input {
  readonly threadId: string;
  readonly runId: string;
}

const sse = (event: unknown): string => `data: ${JSON.stringify(event)}\n\n`;

export function plainRun(input: Input, text = 'Hello from the test server.'): string[] {
  const messageId = `${input.runId}-m1`;
  return [
    sse({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId }),
    sse({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' }),
    sse({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: text }),
    sse({ type: 'TEXT_MESSAGE_END', messageId }),
    sse({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId }),
  ];
}

function parseInput(body: string): Input | undefined {
  try {
    const v = JSON.parse(body) as Record<string, unknown>;
    return typeof v['threadId'] === 'string' && typeof v['runId'] === 'string' && Array.isArray(v['messages'])
      ? { threadId: v['threadId'], runId: v['runId'] }
      : undefined;
  } catch {
    return undefined;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  input: Input | undefined,
) => void | Promise<void>;

async function listen(server: Server | ReturnType<typeof createHttpServer>, sockets: Set<Socket>): Promise<string> {
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/agent`;
}

const closer = (server: Server | ReturnType<typeof createHttpServer>, sockets: Set<Socket>) => (): Promise<void> =>
  new Promise<void>((ok) => {
    for (const s of sockets) s.destroy();
    server.close(() => ok());
  });

/** An HTTP server whose answers come from `handle`; a malformed body gets a 400. */
export async function startTestServer(handle: Handler): Promise<TestServer> {
  const requests: TestServer['requests'] = [];
  const sockets = new Set<Socket>();
  const server = createHttpServer((req, res) => {
    void readBody(req).then(async (body) => {
      requests.push({ headers: req.headers, body });
      await handle(req, res, body, parseInput(body));
    });
  });
  const url = await listen(server, sockets);
  return { url, requests, close: closer(server, sockets) };
}

function streamHead(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
}

/** Well behaved: a short text turn for any valid input, 400 for anything else. */
export const wellBehaved: Handler = (_req, res, _body, input) => {
  if (input === undefined) return void res.writeHead(400).end('bad RunAgentInput');
  streamHead(res);
  res.end(plainRun(input).join(''));
};

/** Starts the run and then never says another word, nor closes. */
export const hangs: Handler = (_req, res, _body, input) => {
  streamHead(res);
  if (input !== undefined) res.write(plainRun(input)[0]);
};

/** RUN_STARTED names a thread and run of its own making. */
export const wrongIds: Handler = (_req, res, _body, input) => {
  if (input === undefined) return void res.writeHead(400).end();
  streamHead(res);
  res.end(plainRun({ threadId: 'server-thread', runId: 'server-run' }).join(''));
};

/** Every failure, including a malformed input, is the framework's HTML error page. */
export const html500: Handler = (_req, res) => {
  res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(
    '<!DOCTYPE html><html><body><h1>Internal Server Error</h1><pre>Traceback (most recent call last)</pre></body></html>',
  );
};

/** One global "current run": whichever request came last names every answer's events. */
export function sharedCurrentRun(): Handler {
  let current: Input | undefined;
  return async (_req, res, _body, input) => {
    if (input === undefined) return void res.writeHead(400).end();
    current = input;
    await new Promise((r) => setTimeout(r, 50));
    streamHead(res);
    res.end(plainRun(current).join(''));
  };
}

/** Echoes the Authorization header back inside RUN_ERROR, as a careless error handler does. */
export const echoesCredentials: Handler = (req, res, _body, input) => {
  if (input === undefined) return void res.writeHead(400).end();
  streamHead(res);
  const error = { type: 'RUN_ERROR', message: `not allowed: ${req.headers.authorization ?? 'no credentials'}` };
  res.end([plainRun(input)[0], sse(error)].join(''));
};

/**
 * Streams events every 10 ms until the socket is destroyed, deaf to the client's FIN: a
 * raw TCP server, since Node's HTTP server itself would end the response on the FIN.
 */
export async function startCancelIgnoringServer(): Promise<TestServer> {
  const requests: TestServer['requests'] = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer({ allowHalfOpen: true }, (socket) => {
    let received = '';
    let started = false;
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\r\n\r\n');
      const length = Number(/content-length:\s*(\d+)/i.exec(received)?.[1] ?? '0');
      if (started || end < 0 || received.length < end + 4 + length) return;
      started = true;
      const body = received.slice(end + 4, end + 4 + length);
      requests.push({ headers: {}, body });
      const input = parseInput(body) ?? { threadId: 't', runId: 'r' };
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n');
      socket.write(plainRun(input)[0]!);
      let n = 0;
      const timer = setInterval(() => {
        if (socket.destroyed) return clearInterval(timer);
        n += 1;
        socket.write(sse({ type: 'CUSTOM', name: 'tick', value: n }));
      }, 10);
      socket.on('close', () => clearInterval(timer));
    });
  });
  const url = await listen(server, sockets);
  return { url, requests, close: closer(server, sockets) };
}
