// Small body chunks that arrive within the same millisecond (so their timestamps would be
// equal anyway) travel as one message: fewer messages for the relay to check, buffer and
// forward when a stream comes in many tiny reads. A batch is sent when a chunk with another
// timestamp or a big one arrives, when it is full, at the stream's end, and at the latest
// on the next task — scheduled on a private MessageChannel, which the page cannot observe
// (a timer would show in the page's own timer ids).
import type { CopySink } from './body-copy.js';
import type { Intrinsics } from './intrinsics.js';

/** Chunks at least this big are sent as they are. */
export const SMALL_CHUNK = 16 * 1024;
const BATCH_BYTES = 64 * 1024;

export type Later = (fn: () => void) => void;

/** A next-task scheduler on a private MessageChannel; undefined where there is none. */
export function createLater(
  I: Intrinsics,
  MC: typeof MessageChannel | undefined,
): { later: Later; close: () => void } | undefined {
  if (typeof MC !== 'function') return undefined;
  const ch = new MC();
  const port1 = ch.port1;
  const port2 = ch.port2;
  // A prototype-less record, not an Array: writing an index never meets a page setter.
  const queue: Record<number, (() => void) | undefined> = {};
  I.setPrototypeOf(queue, null);
  let head = 0;
  let tail = 0;
  I.portOnMessage(port1, () => {
    const end = tail;
    for (; head < end; head++) {
      const fn = queue[head];
      delete queue[head];
      try {
        fn?.();
      } catch {
        // never into the page
      }
    }
    if (head === tail) head = tail = 0;
  });
  return {
    later: (fn) => {
      queue[tail++] = fn;
      if (tail - head === 1) I.portPost(port2, 0);
    },
    close: () => {
      I.portClose(port1);
      I.portClose(port2);
    },
  };
}

/** Wraps a sink so small same-millisecond chunks are merged (always into our own copy). */
export function batchSink(
  I: Intrinsics,
  sink: CopySink,
  later: Later | undefined,
  gathering?: () => boolean,
): CopySink {
  if (!later) return sink;
  let buf: Uint8Array | undefined;
  let len = 0;
  let t = 0;
  let scheduled = false;
  const flush = (): void => {
    if (!buf || len === 0) return;
    const out = new I.Uint8Array(len);
    I.taSet(out, new I.Uint8Array(I.bufferOf(buf), 0, len));
    len = 0;
    sink.chunk(out, true, t);
  };
  return {
    chunk(bytes, own, at) {
      const n = I.byteLength(bytes);
      // A transport that gathers Blobs merges chunks itself, with one copy.
      const direct = n >= SMALL_CHUNK || gathering?.() === true;
      if (len > 0 && (direct || at !== t || len + n > BATCH_BYTES)) flush();
      if (direct) return sink.chunk(bytes, own, at);
      buf ??= new I.Uint8Array(BATCH_BYTES);
      I.taSet(buf, bytes, len);
      len += n;
      t = at;
      if (!scheduled) {
        scheduled = true;
        later(() => {
          scheduled = false;
          flush();
        });
      }
    },
    end(reason, error) {
      flush();
      buf = undefined;
      sink.end(reason, error);
    },
  };
}
