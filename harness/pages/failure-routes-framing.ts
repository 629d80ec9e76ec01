// Routes of the e2e test server whose fault is in the SSE framing the client discards without
// a word (issue "A run's whole fate"): an event written without its `data:` prefix, a block of
// `event:`/`id:` lines alone, and an event sent under an `event:` name. Each answers a POSTed
// RunAgentInput with its ids.
import type { IncomingMessage, ServerResponse } from 'node:http';

const HEAD = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };
const sse = (e: object): string => `data: ${JSON.stringify(e)}\n\n`;

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

/** Handles /framing/* (true), or leaves the request to the caller (false). */
export async function framingRoute(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (url.pathname !== '/framing/dropped-lines') return false;
  const ids = await idsOf(req);
  res.writeHead(200, HEAD);
  res.end(
    [
      sse({ type: 'RUN_STARTED', ...ids }),
      // The message's start without its `data:` prefix: the client never sees the message open.
      `${JSON.stringify({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' })}\n\n`,
      'event: progress\nid: 1\n\n',
      `event: agui\n${sse({ type: 'CUSTOM', name: 'named', value: 1 })}`,
      sse({ type: 'RUN_FINISHED', ...ids }),
    ].join(''),
  );
  return true;
}
