// Servers whose fault is in time or in the end of the body: open after RUN_FINISHED with
// keep-alives, cut in the middle of a tool call, every event held back 3 s then sent at once,
// and a run that goes silent in the middle.
import { plainRun, startTestServer, type TestServer } from './broken-servers.test-helper.js';

type Handler = Parameters<typeof startTestServer>[0];
const sse = (event: unknown): string => `data: ${JSON.stringify(event)}\n\n`;
const head = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' };

/** Finishes the run, then keeps the body open with a keep-alive comment every 200 ms. */
export const openAfterFinished: Handler = (_req, res, _body, input) => {
  if (input === undefined) return void res.writeHead(400).end();
  res.writeHead(200, head);
  res.write(plainRun(input).join(''));
  const timer = setInterval(() => res.write(': keep-alive\n\n'), 200);
  res.on('close', () => clearInterval(timer));
};

/** The body ends in the middle of a tool call: no TOOL_CALL_END, no RUN_FINISHED. */
export const truncatedMidCall: Handler = (_req, res, _body, input) => {
  if (input === undefined) return void res.writeHead(400).end();
  res.writeHead(200, head);
  res.end(
    sse({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId }) +
      sse({ type: 'TOOL_CALL_START', toolCallId: 'call-1', toolCallName: 'lookup_order' }) +
      sse({ type: 'TOOL_CALL_ARGS', toolCallId: 'call-1', delta: '{"order":' }),
  );
};

/** Headers at once, then 3 s of silence, then every event in one write (a buffering proxy). */
export function buffered(silenceMs = 3000): Handler {
  return (_req, res, _body, input) => {
    if (input === undefined) return void res.writeHead(400).end();
    res.writeHead(200, head);
    res.flushHeaders();
    const timer = setTimeout(() => res.end(plainRun(input).join('')), silenceMs);
    res.on('close', () => clearTimeout(timer));
  };
}

/** RUN_STARTED, then `stallMs` of silence (keep-alive comments only), then the rest of the run. */
export function stalled(stallMs: number): Handler {
  return (_req, res, _body, input) => {
    if (input === undefined) return void res.writeHead(400).end();
    const [first, ...rest] = plainRun(input);
    res.writeHead(200, head);
    res.write(first ?? '');
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 200);
    const timer = setTimeout(() => {
      clearInterval(keepAlive);
      res.end(rest.join(''));
    }, stallMs);
    res.on('close', () => (clearTimeout(timer), clearInterval(keepAlive)));
  };
}

export type { TestServer };
