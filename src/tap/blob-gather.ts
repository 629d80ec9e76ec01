// The tap's Blob path (while a panel watches and runtime ports structure-clone, as the relay
// says) and, otherwise, its bytes path (`bytes`: the same batches, as a transferred buffer
// the relay splits back into chunks): chunks of every stream, in the order they pass the queue, are copied into one 2 MB
// buffer and leave as one Blob with the list of whose bytes follow (a ChunkBlob, like the
// relay's own). Why: a message or a Blob per chunk costs the page's thread far more than the
// copy itself (bench/tap-blob-cost.ts, 64 MB in 64 KB chunks over the harness: ≈ 80 ms as one
// Blob per 2 MB, ≈ 170 ms as a copied message per chunk, ≈ 190–235 ms as a Blob per chunk).
// The page's chunk is copied at once into the reused buffer; the Blob constructor copies
// that. A batch goes when full, before any other message (order holds), and at a deadline
// no page can see (a captured scheduler.postTask: no timer id). A small batch goes chunk by
// chunk instead (LIMITS.chunkBlobMinBytes): many tiny streams would each pay a Blob's round
// trips to the browser for a few bytes.
//
// Nothing here calls a page-replaceable built-in: the Blob is built from a prototype-less
// iterable (so a replaced Array iterator is never asked), part records are
// written with a captured defineProperty (an index setter on Array.prototype is never met).
import {
  batchBounds,
  type BatchBounds,
  type ChunkBatch,
  type ChunkBlob,
  type ChunkBytes,
  type ChunkPart,
} from '../bridge/messages.js';

export interface GatherDeps extends BatchBounds {
  readonly Blob: typeof Blob;
  readonly Uint8Array: Uint8ArrayConstructor;
  readonly ArrayBuffer: ArrayBufferConstructor;
  /** Captured TypedArray.prototype.set, uncurried. */
  readonly set: (dst: Uint8Array, src: Uint8Array, at: number) => void;
  readonly byteLength: (b: Uint8Array) => number;
  /** Own data property, enumerable, no setter consulted (captured Reflect.defineProperty). */
  readonly defineAt: (arr: ChunkPart[], i: number, v: ChunkPart) => void;
  /** An iterable of one value that touches no page-replaceable built-in. */
  /** Typed as the array the Blob constructor expects; really a prototype-less iterable. */
  readonly one: (v: unknown) => BlobPart[];
  /** Runs `fn` after about `ms`, or returns false when it cannot (the batch then goes now). */
  readonly later: (fn: () => void, ms: number) => boolean;
  /**
   * A batch; or, when no Blob could be made, its chunks one by one as bytes. With `bytes`,
   * a ChunkBatch whose buffer is to be transferred (`transfer`, an iterable of it).
   */
  readonly send: (m: ChunkBlob | ChunkBytes | ChunkBatch, transfer?: Iterable<Transferable>) => void;
  /**
   * Batches leave as the buffer itself (transferred: no Blob, no browser round trip), for the
   * relay to split: the path while no panel watches (a Blob nobody reads would only hold the
   * browser's memory). A fresh buffer is taken after each.
   */
  readonly bytes?: boolean;
}

export interface BlobGather {
  add(c: { readonly streamId: string; readonly seq: number; readonly t: number; readonly bytes: Uint8Array }): void;
  /** Sends what waits, if anything. */
  flush(): void;
  /** A batch waits for its deadline (a chunk now joins it: nothing needs asking again). */
  waiting(): boolean;
}

export function createBlobGather(deps: GatherDeps): BlobGather {
  const { maxBytes: max, maxParts, ms, minBytes, minParts } = batchBounds(deps);
  let ab: ArrayBuffer | undefined;
  let buf: Uint8Array | undefined;
  let len = 0;
  let parts: ChunkPart[] = [];
  let count = 0;
  let scheduled = false;
  const flush = (): void => {
    if (count === 0 || !ab) return;
    const list = parts;
    const n = count;
    const size = len;
    parts = [];
    count = 0;
    len = 0;
    const buffer = ab;
    const oneByOne = (): void => {
      for (let i = 0, at = 0; i < n; i++) {
        const p = list[i] as ChunkPart;
        const bytes = new deps.Uint8Array(p.size);
        deps.set(bytes, new deps.Uint8Array(buffer, at, p.size), 0);
        at += p.size;
        deps.send({ kind: 'stream-chunk', streamId: p.streamId, seq: p.seq, t: p.t, bytes });
      }
    };
    if (size <= minBytes && n <= minParts) return oneByOne();
    if (deps.bytes) {
      ab = undefined;
      buf = undefined;
      const m: ChunkBatch = { kind: 'chunk-bytes', bytes: new deps.Uint8Array(buffer, 0, size), parts: list };
      return deps.send(m, deps.one(buffer) as unknown as Iterable<Transferable>);
    }
    let blob: Blob;
    try {
      blob = new deps.Blob(deps.one(new deps.Uint8Array(ab, 0, size)));
    } catch {
      // No Blob to be had (the browser's Blob storage refused): the chunks go as bytes instead.
      return oneByOne();
    }
    deps.send({ kind: 'chunk-blob', blob, parts: list });
  };
  const due = (): void => {
    scheduled = false;
    flush();
  };
  return {
    add(c) {
      const n = deps.byteLength(c.bytes);
      if (n === 0) return;
      if (len + n > max || count >= maxParts) flush();
      if (n > max) {
        // Bigger than a whole batch (never from the tap, whose chunks are ≤ 512 kB): alone.
        const part: ChunkPart[] = [];
        deps.defineAt(part, 0, { streamId: c.streamId, seq: c.seq, t: c.t, size: n });
        let one: Blob | undefined;
        try {
          if (!deps.bytes) one = new deps.Blob(deps.one(c.bytes));
        } catch {
          // no Blob to be had: as bytes, below
        }
        if (one) return deps.send({ kind: 'chunk-blob', blob: one, parts: part });
        const bytes = new deps.Uint8Array(n);
        deps.set(bytes, c.bytes, 0);
        return deps.send({ kind: 'stream-chunk', streamId: c.streamId, seq: c.seq, t: c.t, bytes });
      }
      if (!buf) {
        ab = new deps.ArrayBuffer(max);
        buf = new deps.Uint8Array(ab);
      }
      deps.set(buf, c.bytes, len);
      len += n;
      deps.defineAt(parts, count++, { streamId: c.streamId, seq: c.seq, t: c.t, size: n });
      if (len >= max) return flush();
      if (scheduled) return;
      scheduled = deps.later(due, ms);
      if (!scheduled) flush();
    },
    flush,
    waiting: () => count > 0,
  };
}
