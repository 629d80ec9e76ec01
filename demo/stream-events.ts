// Writes a scenario's events to an HTTP response, encoded by the real EventEncoder so
// the bytes are exactly what an @ag-ui/encoder server sends (SSE, or protobuf frames
// when the request's Accept admits them).
import type { ServerResponse } from 'node:http';
import type { AGUIEvent } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';

export interface StreamOptions {
  readonly accept: string | undefined;
  readonly delayMs: number;
  /** Events per delay tick. */
  readonly burst?: number;
  /** Destroy the socket instead of sending this many final events. */
  readonly cutTail?: number;
}

/** How long the cut waits after the last byte sent. */
const CUT_GRACE_MS = 500;

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The exact body bytes a full (uncut) response carries; tests compare the wire with it. */
export function encodeAll(
  events: readonly AGUIEvent[],
  accept: string | undefined,
): { contentType: string; body: Buffer } {
  const encoder = new EventEncoder({ accept });
  return { contentType: encoder.getContentType(), body: Buffer.concat(events.map((e) => encoder.encodeBinary(e))) };
}

export async function streamEvents(
  res: ServerResponse,
  events: readonly AGUIEvent[],
  opts: StreamOptions,
): Promise<void> {
  const encoder = new EventEncoder({ accept: opts.accept });
  res.writeHead(200, {
    'Content-Type': encoder.getContentType(),
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  res.flushHeaders();
  const burst = Math.max(1, opts.burst ?? 1);
  const sendCount = events.length - (opts.cutTail ?? 0);
  for (let i = 0; i < sendCount; i++) {
    if (res.destroyed) return; // the client went away; stop producing
    const event = events[i];
    if (event) res.write(encoder.encodeBinary(event));
    if (opts.delayMs > 0 && (i + 1) % burst === 0) await sleep(opts.delayMs);
  }
  if (opts.cutTail) {
    // Let the written bytes reach the client and its parser before the cut, so it sees
    // a real mid-call truncation: an error empties a stream's queue (WHATWG Streams), so
    // bytes the page had not yet read when the cut arrives are lost with it. 100 ms was
    // not enough on a loaded CI machine: a recording saw no event at all.
    await new Promise<void>((r) => res.write('', () => r()));
    await sleep(Math.max(opts.delayMs, CUT_GRACE_MS));
    res.socket?.destroy();
    return;
  }
  res.end();
}

/**
 * The GET EventSource variant: the encoder's `data:` blocks (which EventSource delivers
 * as `message` events), a keep-alive comment and `id:` fields, plus named events that are
 * still AG-UI material: `progress` carries a CUSTOM event, and the terminal event goes out
 * as `done` so the page can close before EventSource reconnects. Every data payload is an
 * AG-UI event, as the SSE binding requires; the names are only for the page's listeners.
 */
export async function streamEventSource(
  res: ServerResponse,
  events: readonly AGUIEvent[],
  delayMs: number,
): Promise<void> {
  const encoder = new EventEncoder();
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  res.write(': keep-alive\nretry: 60000\n\n');
  const last = events.length - 1;
  for (let i = 0; i <= last; i++) {
    if (res.destroyed) return;
    const event = events[i];
    if (i > 0 && i < last && i % 4 === 0) {
      const progress = { type: 'CUSTOM', name: 'progress', value: { sent: i, total: events.length } } as AGUIEvent;
      res.write(`event: progress\n${encoder.encode(progress)}`);
    }
    if (event) res.write(`id: ${i + 1}\n${i === last ? 'event: done\n' : ''}${encoder.encode(event)}`);
    if (delayMs > 0) await sleep(delayMs);
  }
  res.end();
}
