// Routes of the e2e test server whose fault is in time or in how the body ends (issue "A
// run's whole fate"): open after RUN_FINISHED with keep-alives, cut mid tool call, every
// event held back then sent at once (a buffering proxy), and a stall with keep-alives. Each
// answers a POSTed RunAgentInput with its ids; every wait is bounded and stops with the client.
import type { IncomingMessage, ServerResponse } from 'node:http';

const HEAD = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };
const sse = (e: object): string => `data: ${JSON.stringify(e)}\n\n`;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function idsOf(req: IncomingMessage): Promise<{ threadId: string; runId: string }> {
  const parts: Buffer[] = [];
  for await (const c of req as AsyncIterable<Buffer>) parts.push(c);
  try {
    const v = JSON.parse(Buffer.concat(parts).toString('utf8')) as { threadId?: unknown; runId?: unknown };
    return {
      threadId: typeof v.threadId === 'string' ? v.threadId : 't',
      runId: typeof v.runId === 'string' ? v.runId : 'r',
    };
  } catch {
    return { threadId: 't', runId: 'r' };
  }
}

function text(messageId: string, ...deltas: string[]): string[] {
  return [
    sse({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' }),
    ...deltas.map((delta) => sse({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta })),
    sse({ type: 'TEXT_MESSAGE_END', messageId }),
  ];
}

/** Keep-alive comments every `everyMs` for `forMs` (or until the client leaves). */
async function keepAlives(res: ServerResponse, everyMs: number, forMs: number): Promise<void> {
  for (let waited = 0; waited < forMs && !res.destroyed; waited += everyMs) {
    await sleep(everyMs);
    if (!res.destroyed) res.write(': keep-alive\n\n');
  }
}

/** Handles /timing/* (true), or leaves the request to the caller (false). */
export async function timingRoute(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const q = url.searchParams;
  const ms = (name: string, fallback: number): number => Number(q.get(name) ?? fallback);
  switch (url.pathname) {
    case '/timing/open-after-finished': {
      const ids = await idsOf(req);
      res.writeHead(200, HEAD);
      res.write(
        [sse({ type: 'RUN_STARTED', ...ids }), ...text('m1', 'Done.'), sse({ type: 'RUN_FINISHED', ...ids })].join(''),
      );
      // Open after the end, as a runtime whose keep-alive timer outlived the run; bounded.
      await keepAlives(res, ms('every', 500), ms('open', 60_000));
      res.end();
      return true;
    }
    case '/timing/truncated': {
      const ids = await idsOf(req);
      res.writeHead(200, HEAD);
      res.end(
        sse({ type: 'RUN_STARTED', ...ids }) +
          sse({ type: 'TOOL_CALL_START', toolCallId: 'call-1', toolCallName: 'lookup_order' }) +
          sse({ type: 'TOOL_CALL_ARGS', toolCallId: 'call-1', delta: '{"order":' }),
      );
      return true;
    }
    case '/timing/buffered': {
      const ids = await idsOf(req);
      res.writeHead(200, HEAD);
      res.flushHeaders();
      await sleep(ms('silence', 3000));
      if (!res.destroyed)
        res.end(
          [
            sse({ type: 'RUN_STARTED', ...ids }),
            ...text('m1', 'All ', 'at ', 'once.'),
            sse({ type: 'RUN_FINISHED', ...ids }),
          ].join(''),
        );
      return true;
    }
    case '/timing/stalled': {
      const ids = await idsOf(req);
      res.writeHead(200, HEAD);
      res.write(
        sse({ type: 'RUN_STARTED', ...ids }) + sse({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }),
      );
      await keepAlives(res, ms('every', 500), ms('stall', 35_000));
      if (!res.destroyed)
        res.end(
          sse({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Finally.' }) +
            sse({ type: 'TEXT_MESSAGE_END', messageId: 'm1' }) +
            sse({ type: 'RUN_FINISHED', ...ids }),
        );
      return true;
    }
    default:
      return false;
  }
}
