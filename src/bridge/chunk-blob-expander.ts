// The panel side of ChunkBlobs (./relay-chunk-blobs.ts): reads each Blob and hands on its
// parts as ordinary `stream-chunk`s with `bytes`. Reading is asynchronous, so every message
// that arrives while a Blob is being read waits behind it: the order the relay sent is the
// order delivered. A Blob that cannot be read ends its streams as capture-truncated (the
// loss is shown, never a silent gap).
import type { ChunkBlob, ChunkPart, RelayMessage } from './messages.js';

export interface ChunkBlobExpander {
  push(msg: RelayMessage): void;
  /** Drops what waits; nothing is delivered after. */
  close(): void;
}

const UNREADABLE = 'capture stopped: the browser could not read a captured chunk';

/** What the panel reads of a ChunkBlob at a time, in whole parts (a part is at most LIMITS.chunkBytes). */
export const PIECE_BYTES = 8 * 1024 * 1024;

export function createChunkBlobExpander(
  deliver: (msg: RelayMessage) => void,
  read: (blob: Blob) => Promise<ArrayBuffer> = (b) => b.arrayBuffer(),
  pieceBytes = PIECE_BYTES,
): ChunkBlobExpander {
  let queue: RelayMessage[] = [];
  let head = 0;
  let busy = false;
  let closed = false;

  // A listener that throws must not stall the queue behind it.
  const hand = (m: RelayMessage): void => {
    try {
      deliver(m);
    } catch {
      // the listener's own failure; later messages still go
    }
  };

  // Each chunk gets its own buffer (a copy, off the page's thread): a chunk the panel keeps
  // must not keep its Blob's other megabytes alive beyond what the session cap counts.
  // `cut`: streams of this Blob already ended for an unreadable piece (no chunk after it).
  const expand = (parts: readonly ChunkPart[], buf: ArrayBuffer | undefined, cut: Set<string>): void => {
    let at = 0;
    for (const p of parts) {
      if (buf && at + p.size <= buf.byteLength && !cut.has(p.streamId)) {
        hand({
          kind: 'stream-chunk',
          streamId: p.streamId,
          seq: p.seq,
          t: p.t,
          bytes: new Uint8Array(buf.slice(at, at + p.size)),
        });
      } else if (!cut.has(p.streamId)) {
        cut.add(p.streamId);
        hand({
          kind: 'stream-end',
          streamId: p.streamId,
          seq: p.seq,
          t: p.t,
          reason: 'capture-truncated',
          error: UNREADABLE,
        });
      }
      at += p.size;
    }
  };

  // A Blob is read a piece of whole parts at a time (the relay's can hold a stream's whole
  // 64 MB capture): the panel never holds much more than a piece and its copies at once.
  const readInPieces = async (m: ChunkBlob): Promise<void> => {
    const cut = new Set<string>();
    let first = 0;
    let from = 0;
    while (!closed && first < m.parts.length) {
      let last = first;
      let to = from + (m.parts[first] as ChunkPart).size;
      while (last + 1 < m.parts.length && to - from + (m.parts[last + 1] as ChunkPart).size <= pieceBytes)
        to += (m.parts[++last] as ChunkPart).size;
      const whole = first === 0 && last === m.parts.length - 1;
      let buf: ArrayBuffer | undefined;
      try {
        buf = await read(whole ? m.blob : m.blob.slice(from, to));
      } catch {
        buf = undefined;
      }
      if (!closed) expand(m.parts.slice(first, last + 1), buf, cut);
      first = last + 1;
      from = to;
    }
  };

  const pump = async (): Promise<void> => {
    busy = true;
    while (!closed && head < queue.length) {
      const m = queue[head] as RelayMessage;
      queue[head++] = undefined as unknown as RelayMessage;
      if (head > 1024 && head * 2 > queue.length) {
        queue = queue.slice(head);
        head = 0;
      }
      if (m.kind !== 'chunk-blob') {
        hand(m);
        continue;
      }
      await readInPieces(m);
    }
    busy = false;
  };

  return {
    push(msg) {
      if (closed) return;
      if (!busy && msg.kind !== 'chunk-blob') return deliver(msg);
      queue.push(msg);
      if (!busy) void pump();
    },
    close() {
      closed = true;
      queue = [];
      head = 0;
    },
  };
}
