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
  // The controller is the same object at every pull, so the read's handlers are made once
  // per stream, not per chunk: a 200 MB body is thousands of pulls (docs/performance.md).
  let ctrl: ReadableByteStreamController | undefined;
  const fail = (err: unknown): void => {
    try {
      if (ctrl) I.ctrlError(ctrl, err);
    } catch {
      // already errored or closed
    }
  };
  // The pull's promise is the sealed promise of the read's own handlers: it settles when
  // they return, and they never throw (a failure of ours errors the page's stream rather
  // than leaving its read hanging).
  const pullOnce = (r: ReadableStreamDefaultReader<Uint8Array>): Promise<unknown> =>
    S.then(I.read(r), onRead, onReadError);
  const onRead = (res: ReadableStreamReadResult<Uint8Array>): unknown => {
    const c = ctrl as ReadableByteStreamController;
    try {
      if (res.done) {
        I.ctrlClose(c);
        const byob = I.ctrlByobRequest(c);
        if (byob) I.byobRespond(byob, 0);
        end('complete');
        return undefined;
      }
      const value = res.value;
      const n = value ? I.byteLength(value) : 0;
      // A zero-length enqueue throws, and returning without one could stall the page's read:
      // read on (the pull settles with that read, whose promise is sealed too).
      if (n === 0 || !value) return pullOnce(reader as ReadableStreamDefaultReader<Uint8Array>);
      copy(value, n);
      try {
        I.ctrlEnqueue(c, value);
      } catch {
        I.ctrlEnqueue(c, copyBytes(I, value, n)); // an untransferable buffer: hand over a copy
      }
    } catch (err) {
      fail(err);
    }
    return undefined;
  };
  const onReadError = (err: unknown): void => {
    end(isAbortError(err) ? 'aborted' : 'error', errorText(I, err));
    fail(err);
  };
  const source = S.bare({
    type: 'bytes' as const,
    pull(c: ReadableByteStreamController): Promise<unknown> {
      ctrl = c;
      return pullOnce((reader ??= I.getReader(body)));
    },
    cancel(reason: unknown): Promise<unknown> {
      end('cancelled');
      return S.seal(reader ? I.readerCancel(reader, reason) : I.rsCancel(body, reason));
    },
  });
  const stream = I.construct(I.ReadableStream, [source]) as ReadableStream<Uint8Array>;
  return { stream, end };
}
