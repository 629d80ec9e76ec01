// The reference TypeScript client's receive path on the same bytes: parseSSEStream over
// an Observable of HttpEvents (as runHttpRequest produces them), then transformChunks()
// and verifyEvents(), exactly as HttpAgent.runAgent pipes them.
import { enforceEvents, parseSSEStream, transformChunks, verifyEvents } from '@ag-ui/client';
import type { BaseEvent } from '@ag-ui/core';
import { Subject, type Observable } from 'rxjs';

type HttpEvent = Parameters<typeof parseSSEStream>[0] extends Observable<infer E> ? E : never;

/**
 * Runs the whole body through the reference pipeline synchronously; returns events seen.
 * `enforce` adds enforceEvents (per-event schema validation), which HttpAgent also runs.
 */
export function referenceReceive(bytes: Uint8Array, piece: number, enforce = false): number {
  // A Subject, not a cold Observable: parseSSEStream subscribes to its source eagerly,
  // so the data must flow only after the pipeline below is subscribed.
  const source = new Subject<HttpEvent>();
  let count = 0;
  let failure: unknown;
  const parsed = parseSSEStream(source) as Observable<BaseEvent>;
  (enforce ? parsed.pipe(enforceEvents(false)) : parsed)
    .pipe(transformChunks(false), verifyEvents(false))
    .subscribe({ next: () => void count++, error: (e: unknown) => void (failure = e) });
  source.next({
    type: 'headers',
    status: 200,
    headers: new Headers({ 'content-type': 'text/event-stream' }),
  } as unknown as HttpEvent);
  for (let i = 0; i < bytes.length; i += piece)
    source.next({ type: 'data', data: bytes.subarray(i, i + piece) } as unknown as HttpEvent);
  source.complete();
  if (failure !== undefined) throw new Error(`reference client rejected the bench session: ${String(failure)}`);
  return count;
}
