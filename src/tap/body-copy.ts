// The pass-through body. A pull-based byte stream wrapping the original reader: we read
// only when the page reads (highWaterMark 0), so a body the page never reads is never
// drained; the page's cancel() cancels the original reader at once, so the server sees
// the disconnect as it would without us; an abort errors the original and we pass the
// very same error on. No tee(): a branch nobody reads buffers and keeps the stream alive.
import { LIMITS, type StreamEndReason } from '../bridge/messages.js';
import { errorText, isAbortError } from './context.js';

export interface CopySink {
  chunk(bytes: Uint8Array): void;
  end(reason: StreamEndReason, error?: string): void;
}

export interface BodyCopy {
  readonly stream: ReadableStream<Uint8Array>;
  /** Ends our copy without touching the page's stream (e.g. the fetch was aborted). */
  readonly end: (reason: StreamEndReason, error?: string) => void;
}

export function copyBody(RS: typeof ReadableStream, body: ReadableStream<Uint8Array>, sink: CopySink, cap: number): BodyCopy {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let copied = 0;
  let ended = false;
  const end = (reason: StreamEndReason, error?: string): void => {
    if (ended) return;
    ended = true;
    try {
      sink.end(reason, error);
    } catch {
      // never into the page
    }
  };
  const copy = (value: Uint8Array): void => {
    if (ended) return;
    try {
      copied += value.byteLength;
      if (copied > cap) return end('capture-truncated');
      for (let i = 0; i < value.byteLength; i += LIMITS.chunkBytes) sink.chunk(value.slice(i, i + LIMITS.chunkBytes));
    } catch {
      // never into the page
    }
  };
  const stream = new RS({
    type: 'bytes',
    pull(ctrl: ReadableByteStreamController) {
      const r = (reader ??= body.getReader());
      const step = (): Promise<void> =>
        r.read().then(
          ({ done, value }) => {
            if (done) {
              ctrl.close();
              ctrl.byobRequest?.respond(0);
              end('complete');
              return;
            }
            // A zero-length enqueue throws, and returning without one could stall the page's read.
            if (!value || value.byteLength === 0) return step();
            copy(value);
            try {
              ctrl.enqueue(value as Uint8Array<ArrayBuffer>);
            } catch {
              ctrl.enqueue(value.slice() as Uint8Array<ArrayBuffer>); // an untransferable buffer: hand over a copy
            }
          },
          (err: unknown) => {
            end(isAbortError(err) ? 'aborted' : 'error', errorText(err));
            ctrl.error(err);
          },
        );
      return step();
    },
    cancel(reason: unknown) {
      end('cancelled');
      return reader ? reader.cancel(reason) : body.cancel(reason);
    },
  });
  return { stream, end };
}
