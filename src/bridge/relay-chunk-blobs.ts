// The relay's live chunk path when runtime ports structure-clone: chunks (of any stream,
// in arrival order) gather into one Blob, sent once LIMITS.chunkBlobBytes wait, after
// LIMITS.chunkBlobMs at the latest, and before anything else the relay sends (so order
// holds across messages). Why: Chrome serialises a big runtime-port message at several
// copies' cost on the sending thread (the page's), while `new Blob(parts)` costs about one
// copy and posting the Blob a handle (`npm run bench:page`, bench/port-cost.ts). A small
// batch (LIMITS.chunkBlobMinBytes) goes chunk by chunk: a Blob's round trips to the browser
// would cost tiny streams more than their few bytes do as messages.
import { batchBounds, type BatchBounds, type ChunkBlob, type ChunkBytes, type ChunkPart } from './messages.js';

export interface ChunkBlobDeps extends BatchBounds {
  readonly send: (m: ChunkBlob | ChunkBytes) => void;
  /** Runs `fn` after about `ms`; never a page-visible timer (extension/relay.ts). */
  readonly later: (fn: () => void, ms: number) => void;
  readonly makeBlob?: (parts: Uint8Array[]) => Blob;
}

export interface ChunkBlobBatch {
  add(chunk: Omit<ChunkPart, 'size'> & { readonly bytes: Uint8Array }): void;
  /** Sends what waits, if anything. */
  flush(): void;
  readonly pendingBytes: number;
}

export function createChunkBlobBatch(deps: ChunkBlobDeps): ChunkBlobBatch {
  const { maxBytes, maxParts, ms, minBytes, minParts } = batchBounds(deps);
  const makeBlob = deps.makeBlob ?? ((parts: Uint8Array[]) => new Blob(parts as BlobPart[]));
  let bytes: Uint8Array[] = [];
  let parts: ChunkPart[] = [];
  let size = 0;
  let scheduled = false;
  const flush = (): void => {
    if (parts.length === 0) return;
    const all = bytes;
    const list = parts;
    const small = size <= minBytes && list.length <= minParts;
    bytes = [];
    parts = [];
    size = 0;
    if (!small) return deps.send({ kind: 'chunk-blob', blob: makeBlob(all), parts: list });
    for (let i = 0; i < list.length; i++) {
      const p = list[i] as ChunkPart;
      deps.send({ kind: 'stream-chunk', streamId: p.streamId, seq: p.seq, t: p.t, bytes: all[i] as Uint8Array });
    }
  };
  return {
    add(c) {
      bytes.push(c.bytes);
      parts.push({ streamId: c.streamId, seq: c.seq, t: c.t, size: c.bytes.byteLength });
      size += c.bytes.byteLength;
      if (size >= maxBytes || parts.length >= maxParts) return flush();
      if (scheduled) return;
      scheduled = true;
      deps.later(() => {
        scheduled = false;
        flush();
      }, ms);
    },
    flush,
    get pendingBytes() {
      return size;
    },
  };
}
