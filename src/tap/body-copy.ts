// The pass-through body. A pull-based byte stream wrapping the original reader: we read
// only when the page reads (highWaterMark 0), so a body the page never reads is never
// drained; the page's cancel() cancels the original reader at once, so the server sees
// the disconnect as it would without us; an abort errors the original and we pass the
// very same error on. No tee(): a branch nobody reads buffers and keeps the stream alive.
// Every call goes through captured intrinsics (./intrinsics.ts); every promise handed to
// the stream machinery is sealed (./safe.ts), so a page that replaces Promise.prototype
// .then or the reader's methods can neither stall nor observe the copy.
import { LIMITS, type StreamEndReason } from '../bridge/messages.js';
import { errorText, isAbortError, type TapContext } from './context.js';
import { copyBytes, viewBytes } from './bytes.js';
import { readSealed } from './read-sealed.js';

export interface CopySink {
  /** `own`: the bytes are our copy (transfer them); otherwise the page's chunk, to be cloned now. `t`: when it arrived. */
  chunk(bytes: Uint8Array, own: boolean, t: number): void;
  end(reason: StreamEndReason, error?: string): void;
}

export interface BodyCopy {
  readonly stream: ReadableStream<Uint8Array>;
  /** Ends our copy without touching the page's stream (e.g. the fetch was aborted). */
  readonly end: (reason: StreamEndReason, error?: string) => void;
}

export function copyBody(ctx: TapContext, body: ReadableStream<Uint8Array>, sink: CopySink): BodyCopy {
  const { I, S } = ctx;
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
  const copy = (value: Uint8Array, n: number): void => {
    if (ended) return;
    try {
      copied += n;
      if (copied > ctx.cap) return end('capture-truncated');
      // A chunk that is its whole buffer is cloned by postMessage in native code before we
      // hand it to the page, and any view is copied exactly into the transport's Blob batch
      // when it gathers; anything else is copied here first (a view's clone is its whole buffer).
      const t = ctx.now();
      const gathers = ctx.gathering?.() === true;
      if (n <= LIMITS.chunkBytes && (gathers || (I.byteOffset(value) === 0 && I.abByteLength(I.bufferOf(value)) === n)))
        sink.chunk(value, false, t);
      else if (gathers) viewBytes(I, value, n, (part) => sink.chunk(part, false, t));
      else copyBytes(I, value, n, (part) => sink.chunk(part, true, t));
    } catch {
      // never into the page
    }
  };
  const source = S.bare({
    type: 'bytes' as const,
    pull(ctrl: ReadableByteStreamController): Promise<unknown> {
      const r = (reader ??= I.getReader(body));
      const fail = (err: unknown): void => {
        try {
          I.ctrlError(ctrl, err);
        } catch {
          // already errored or closed
        }
      };
      return S.promise((resolve) =>
        readSealed(ctx, r, {
          done() {
            I.ctrlClose(ctrl);
            const byob = I.ctrlByobRequest(ctrl);
            if (byob) I.byobRespond(byob, 0);
            end('complete');
            resolve();
          },
          value(value) {
            const n = value ? I.byteLength(value) : 0;
            // A zero-length enqueue throws, and returning without one could stall the page's read.
            if (n === 0 || !value) return true;
            copy(value, n);
            try {
              I.ctrlEnqueue(ctrl, value);
            } catch {
              I.ctrlEnqueue(ctrl, copyBytes(I, value, n)); // an untransferable buffer: hand over a copy
            }
            resolve();
            return false;
          },
          // A failure here is ours, so the page's read must not hang.
          fault(err) {
            fail(err);
            resolve();
          },
          error(err) {
            end(isAbortError(err) ? 'aborted' : 'error', errorText(I, err));
            fail(err);
            resolve();
          },
        }),
      );
    },
    cancel(reason: unknown): Promise<unknown> {
      end('cancelled');
      return S.seal(reader ? I.readerCancel(reader, reason) : I.rsCancel(body, reason));
    },
  });
  const stream = I.construct(I.ReadableStream, [source]) as ReadableStream<Uint8Array>;
  return { stream, end };
}
