// Routes of the e2e test server that answer a run request with anything but an AG-UI stream
// (issue 41, failed requests): each is what a developer debugs first. A refused connection
// needs no route (a closed port, see closedPort); a CORS failure is /fail/cors fetched from
// another origin (it sends no Access-Control-Allow-Origin).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const ERROR_PAGE =
  '<!DOCTYPE html><html><head><title>500 Internal Server Error</title><style>body{font:14px serif}</style></head>' +
  '<body><h1>Internal Server Error</h1><p>The agent crashed: KeyError &#39;messages&#39;</p>' +
  '<script>console.log("not run")</script></body></html>';

/** Answers a /fail/* route; false for any other path. */
export function handleTransportFailure(p: string, req: IncomingMessage, res: ServerResponse): boolean {
  // Drain the request body: the answer does not depend on it.
  req.resume();
  switch (p) {
    case '/fail/503':
      res
        .writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
        .end('upstream agent unavailable, retry later');
      return true;
    case '/fail/html500':
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' }).end(ERROR_PAGE);
      return true;
    case '/fail/json401':
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid api key","code":"auth"}');
      return true;
    case '/fail/cors':
      // A valid stream, but without Access-Control-Allow-Origin: a cross-origin page's fetch rejects.
      res.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: {"type":"RUN_STARTED"}\n\n');
      return true;
    case '/fail/no-data':
      // Events written without their `data:` prefix: the SSE parser discards every one.
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        '{"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n{"type":"RUN_FINISHED","threadId":"t","runId":"r"}\n\n',
      );
      return true;
    default:
      return false;
  }
}

/** A loopback port nothing listens on (bound, then closed): connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
