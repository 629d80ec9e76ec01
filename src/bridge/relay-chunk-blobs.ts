// The relay's live chunk path when runtime ports structure-clone: what the relay forwards
// of its streams' bytes (the tap's Blobs, and chunks that came as bytes, of any stream, in
// arrival order) gathers into one Blob, sent once LIMITS.relayBlobBytes wait; after
// LIMITS.relayBlobMs at the latest when full tap Blobs opened the batch (a fast stream),
// LIMITS.chunkBlobMs otherwise; at once after a tap Blob that was not full (its streams
// slowed down); and before anything else the relay sends (so order holds across messages).
// Why Blobs: Chrome serialises a big runtime-port message at several copies' cost on the
// sending thread (the page's), while `new Blob(parts)` costs about one copy and posting the
// Blob a handle (bench/port-cost.ts). Why one Blob for many of the tap's: each runtime-port
// message with a Blob costs the browser and the extension process more than the Blob's
// bytes do, and a Blob made of Blobs refers to them, it copies nothing (bench/port-hops.ts,
// docs/performance.md). A small batch of bytes alone (LIMITS.chunkBlobMinBytes) goes chunk
// by chunk: a Blob's round trips to the browser would cost tiny streams more than their few
// bytes do as messages.
import { batchBounds, LIMITS, type BatchBounds, type ChunkBlob, type ChunkBytes, type ChunkPart } from './messages.js';

export interface ChunkBlobDeps extends BatchBounds {
  readonly send: (m: ChunkBlob | ChunkBytes) => void;
  /** Runs `fn` after about `ms`; never a page-visible timer (extension/relay.ts). */
  readonly later: (fn: () => void, ms: number) => void;
  readonly makeBlob?: (parts: (Uint8Array | Blob)[]) => Blob;
  /** A tap Blob this big was sent because it was full: more may follow at once (LIMITS.chunkBlobBytes). */
  readonly tapBlobBytes?: number;
  /** How long a batch that starts with a full tap Blob waits for more (LIMITS.relayBlobMs). */
  readonly fullMs?: number;
}

export interface ChunkBlobBatch {
  add(chunk: Omit<ChunkPart, 'size'> & { readonly bytes: Uint8Array }): void;
  /** A Blob the tap made joins as it is: sent alone it leaves unchanged, with others by reference. */
  addBlob(m: ChunkBlob): void;
  /** Sends what waits, if anything. */
  flush(): void;
  readonly pendingBytes: number;
}

export function createChunkBlobBatch(deps: ChunkBlobDeps): ChunkBlobBatch {
  const { maxBytes, maxParts, ms, minBytes, minParts } = batchBounds({ maxBytes: LIMITS.relayBlobBytes, ...deps });
  const tapFull = deps.tapBlobBytes ?? LIMITS.chunkBlobBytes;
  const fullMs = deps.fullMs ?? LIMITS.relayBlobMs;
  const makeBlob = deps.makeBlob ?? ((pieces: (Uint8Array | Blob)[]) => new Blob(pieces as BlobPart[]));
  /** In arrival order: a chunk's bytes, or a tap Blob standing for its parts. */
  let pieces: (Uint8Array | Blob)[] = [];
  let parts: ChunkPart[] = [];
  let size = 0;
  let tapBlobs = 0;
  let scheduled = false;
  const flush = (): void => {
    if (parts.length === 0) return;
    const all = pieces;
    const list = parts;
    const blobsIn = tapBlobs;
    const small = blobsIn === 0 && size <= minBytes && list.length <= minParts;
    pieces = [];
    parts = [];
    size = 0;
    tapBlobs = 0;
    const lone = all.length === 1 && blobsIn === 1 ? (all[0] as Blob) : undefined;
    if (lone) return deps.send({ kind: 'chunk-blob', blob: lone, parts: list });
    if (!small) return deps.send({ kind: 'chunk-blob', blob: makeBlob(all), parts: list });
    for (let i = 0; i < list.length; i++) {
      const p = list[i] as ChunkPart;
      deps.send({ kind: 'stream-chunk', streamId: p.streamId, seq: p.seq, t: p.t, bytes: all[i] as Uint8Array });
    }
  };
  // One deadline per batch, set by what opened it.
  const added = (wait: number): void => {
    if (size >= maxBytes || parts.length >= maxParts) return flush();
    if (scheduled) return;
    scheduled = true;
    deps.later(() => {
      scheduled = false;
      flush();
    }, wait);
  };
  return {
    add(c) {
      if (parts.length + 1 > maxParts) flush();
      pieces.push(c.bytes);
      parts.push({ streamId: c.streamId, seq: c.seq, t: c.t, size: c.bytes.byteLength });
      size += c.bytes.byteLength;
      added(ms);
    },
    addBlob(m) {
      if (size + m.blob.size > maxBytes || parts.length + m.parts.length > maxParts) flush();
      pieces.push(m.blob);
      for (const p of m.parts) parts.push(p);
      size += m.blob.size;
      tapBlobs++;
      // A tap Blob short of the tap's bound left at its deadline or before another message:
      // its streams are slow or pausing, so waiting for more would only delay the panel.
      if (m.blob.size < tapFull) return flush();
      added(fullMs);
    },
    flush,
    get pendingBytes() {
      return size;
    },
  };
}
