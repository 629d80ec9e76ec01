// One AG-UI response, tapped: the page gets a native Response over a pass-through copy of the
// body (./body-copy.ts) whose url, redirected, type and immutable headers come from
// ./response-identity.ts, while the copy's chunks go to the panel as stream-chunk messages
// after a stream-open. Built before anything is emitted: if the Response constructor
// refuses, the caller hands the page its own response.
import type { TapWireMessage } from '../bridge/messages.js';
import { copyBody } from './body-copy.js';
import { copyBytes } from './bytes.js';
import { batchSink } from './chunk-batch.js';
import type { TapContext } from './context.js';
import type { Replayed } from './replay-fetch.js';
import type { RequestInfo } from './request-info.js';
import type { ResponseIdentity } from './response-identity.js';

/** What the caller learnt of the response deciding to tap it. */
export interface StreamResponse {
  readonly res: Response;
  readonly body: ReadableStream<Uint8Array>;
  readonly status: number;
  readonly contentType: string;
  readonly encoding: 'sse' | 'proto';
  readonly info: RequestInfo;
  readonly replayed: Replayed | undefined;
}

/** A held message; the queue's head is a placeholder, so an empty queue is still "holding". */
interface Held {
  readonly m: TapWireMessage;
  readonly t: Iterable<Transferable> | undefined;
  next?: Held;
}

export function tapStreamResponse(ctx: TapContext, identity: ResponseIdentity, r: StreamResponse): Response {
  const { I: natives, S: safe } = ctx;
  const { res, info, replayed } = r;
  const streamId = ctx.newId();
  const openedAt = ctx.now();
  const open = (): TapWireMessage => openMessage(ctx, streamId, openedAt, r);
  let seq = 0;
  // While a Request body is still being read from its clone, hold this stream's
  // messages so stream-open carries the body; the page's path never waits for it.
  // The read always settles (an in-memory body at once; a streamed upload when it
  // ends or fails), and what is held is bounded by the byte cap.
  let held: Held | undefined;
  let heldTail: Held | undefined;
  const send = (m: TapWireMessage, t?: Iterable<Transferable>): void => {
    if (!held) return ctx.emit(m, t);
    const item: Held = safe.bare({ m, t });
    if (heldTail) heldTail.next = item;
    heldTail = item;
  };
  const release = (): void => {
    if (!held) return;
    let next = held.next;
    held = heldTail = undefined;
    ctx.emit(open());
    for (; next; next = next.next) ctx.emit(next.m, next.t);
  };

  const sink = batchSink(
    natives,
    {
      chunk: (page, own, t) => {
        // The page's own chunk can only be cloned at once; a held message needs our copy.
        const bytes = own || !held ? page : copyBytes(natives, page, natives.byteLength(page));
        send(
          { kind: 'stream-chunk', streamId, seq: ++seq, t, bytes },
          own || held ? safe.one(natives.bufferOf(bytes)) : undefined,
        );
      },
      end: (reason, error) => {
        // A replay ended from the panel says so; the page saw only the network error.
        const why = reason === 'error' ? replayed?.why?.() : undefined;
        const text = why ?? error;
        send({
          kind: 'stream-end',
          streamId,
          seq: ++seq,
          t: ctx.now(),
          reason,
          ...(text !== undefined ? { error: text } : {}),
        });
      },
    },
    ctx.later,
    ctx.gathering,
  );
  const copy = copyBody(ctx, r.body, sink);
  const headers = safe.bare({} as Record<string, string>);
  natives.headersForEach(natives.resHeaders(res), (v, k) => void (headers[k] = v));
  const out = natives.construct(natives.Response, [
    copy.stream,
    safe.bare({ status: r.status, statusText: natives.resStatusText(res), headers }),
  ]) as Response;
  identity.adopt(out, res, replayed && safe.bare({ url: replayed.url, redirected: false, type: replayed.type }));
  if (info.pending && info.body === undefined && info.bodyNote === undefined) {
    held = heldTail = safe.bare({ m: undefined as unknown as TapWireMessage, t: undefined });
    safe.then(info.pending, release, release);
  } else ctx.emit(open());
  if (info.signal) natives.addListener(info.signal, 'abort', () => copy.end('aborted'), safe.bare({ once: true }));
  return out;
}

function openMessage(ctx: TapContext, streamId: string, t: number, r: StreamResponse): TapWireMessage {
  const { info, replayed } = r;
  return {
    kind: 'stream-open',
    streamId,
    seq: 0,
    t,
    transport: 'fetch',
    encoding: r.encoding,
    url: replayed?.url ?? (ctx.I.resUrl(r.res) || info.url),
    method: info.method,
    requestHeaders: info.headers,
    ...(info.body !== undefined ? { requestBody: info.body } : {}),
    ...(info.bodyNote !== undefined
      ? { requestBodyNote: info.bodyNote }
      : info.body === undefined && info.pending
        ? { requestBodyNote: '[pending]' }
        : {}),
    status: ctx.I.resStatus(r.res),
    contentType: r.contentType,
    frameUrl: ctx.frameUrl(),
    ...(info.requestedAt !== undefined && !replayed ? { requestedAt: info.requestedAt } : {}),
    ...(replayed ? { replayed: replayed.from } : {}),
  };
}
