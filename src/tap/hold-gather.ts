// The tap's hold: where chunks wait while nothing watches the tab (no panel, no DevTools
// window, no test fixture: the normal case). Nothing reads them live, and the relay keeps
// only its last few MB for a panel opened later, so copying every chunk out to the relay
// (an allocation of fresh pages, a copy and a message per 2 MB) paid for bytes that were
// then thrown away. Instead every chunk is copied at once into one buffer that is reused
// for the document's life (its pages stay mapped and warm: no fresh memory per batch), and
// nothing leaves until something must be in order with it (any other message of the tap),
// until something starts watching, or never.
//
// When a chunk does not fit, the stream holding the most bytes here is cut, as the tap's
// queue cuts a stream that loses a piece (./tap-queue.ts): a stream with a hole would read
// as protocol errors, and one this big could not be kept whole by the relay's buffer
// anyway. Its held chunks are dropped and counted, an end 'capture-truncated' says why, and
// the queue drops the rest of it without a copy. What a panel opened later sees is
// therefore every stream that fitted, whole, and every stream that did not, opened and cut.
//
// Like ./blob-gather.ts, nothing here calls a page-replaceable built-in: records have no
// prototype, part lists are written with a captured defineProperty.
import type { ChunkBatch, ChunkBytes, ChunkPart } from '../bridge/messages.js';
import type { BlobGather, GatherDeps } from './blob-gather.js';

export interface HoldDeps extends Pick<
  GatherDeps,
  'Uint8Array' | 'ArrayBuffer' | 'set' | 'byteLength' | 'defineAt' | 'one'
> {
  /** A batch leaves as a transferred buffer (`transfer` iterates it), a few small chunks one by one. */
  readonly send: (m: ChunkBatch | ChunkBytes, transfer?: Iterable<Transferable>) => void;
  /**
   * The stream is cut here: `messages` chunks of `bytes` were dropped (held ones and the one
   * that did not fit). The caller ends it (the queue drops the rest of it).
   */
  readonly cut: (streamId: string, seq: number, t: number, messages: number, bytes: number) => void;
  /** Strips a prototype (captured setPrototypeOf). */
  readonly bare: <T extends object>(o: T) => T;
  /** A flush sends batches of at most this many bytes and parts (the relay's bounds), and
   *  chunk by chunk when within both of `minBytes`/`minParts`. */
  readonly maxBytes: number;
  readonly maxParts: number;
  readonly minBytes: number;
  readonly minParts: number;
  /** What the hold may keep before it cuts; the relay may change it (setCap). */
  readonly capBytes: number;
  /** At most this many chunks held (the relay's message bound). */
  readonly capParts: number;
}

export interface HoldGather extends BlobGather {
  setCap(bytes: number): void;
  /** Bytes held now, and the buffer's size (for tests and the docs' memory figures). */
  readonly held: () => number;
  readonly allocated: () => number;
}

/** One stream's held chunks: how many, their bytes, and the last one's seq and time (its end goes there). */
interface Held {
  bytes: number;
  n: number;
  seq: number;
  t: number;
}

/** The buffer starts this small and doubles up to the cap: a page of small runs never pays for the cap. */
const FIRST_BYTES = 64 * 1024;

export function createHoldGather(deps: HoldDeps): HoldGather {
  let cap = deps.capBytes;
  let ab: ArrayBuffer | undefined;
  let buf: Uint8Array | undefined;
  let used = 0;
  // Held chunks in arrival order; a record, not an Array: writing an index meets no page setter.
  let parts: Record<number, ChunkPart> = deps.bare({});
  let count = 0;
  /** Bytes and chunks held per stream. */
  let perStream: Record<string, Held | undefined> = deps.bare({});

  const view = (at: number, size: number): Uint8Array => new deps.Uint8Array(ab as ArrayBuffer, at, size);

  const grow = (need: number): void => {
    let size = ab ? deps.byteLength(buf as Uint8Array) : Math.min(FIRST_BYTES, cap);
    while (size < need) size *= 2;
    size = Math.min(Math.max(size, need), Math.max(cap, need));
    const next = new deps.ArrayBuffer(size);
    const nextBuf = new deps.Uint8Array(next);
    if (ab && used > 0) deps.set(nextBuf, view(0, used), 0);
    ab = next;
    buf = nextBuf;
  };

  const reset = (): void => {
    parts = deps.bare({});
    count = 0;
    used = 0;
    perStream = deps.bare({});
  };

  /** Drops every held chunk of one stream, moving the others down (the buffer is small: cheap, and rare). */
  const drop = (id: string): void => {
    const kept: Record<number, ChunkPart> = deps.bare({});
    let n = 0;
    let to = 0;
    for (let i = 0, from = 0; i < count; i++) {
      const p = parts[i] as ChunkPart;
      if (p.streamId !== id) {
        if (from !== to) deps.set(buf as Uint8Array, view(from, p.size), to);
        kept[n++] = p;
        to += p.size;
      }
      from += p.size;
    }
    parts = kept;
    count = n;
    used = to;
    delete perStream[id];
  };

  /** The stream to cut for room: the one holding the most bytes (the arriving chunk counted with its own). */
  const victim = (incoming: string, size: number): string => {
    let best = incoming;
    let most = (perStream[incoming]?.bytes ?? 0) + size;
    for (let i = 0; i < count; i++) {
      const id = (parts[i] as ChunkPart).streamId;
      const b = perStream[id]?.bytes ?? 0;
      if (b > most) {
        most = b;
        best = id;
      }
    }
    return best;
  };

  const flush = (): void => {
    if (count === 0) return;
    const list = parts;
    const n = count;
    const total = used;
    reset();
    if (total <= deps.minBytes && n <= deps.minParts) {
      for (let i = 0, at = 0; i < n; i++) {
        const p = list[i] as ChunkPart;
        const bytes = new deps.Uint8Array(p.size);
        deps.set(bytes, view(at, p.size), 0);
        at += p.size;
        deps.send({ kind: 'stream-chunk', streamId: p.streamId, seq: p.seq, t: p.t, bytes });
      }
      return;
    }
    // Batches within the relay's bounds, each a fresh buffer that leaves transferred.
    for (let i = 0, at = 0; i < n;) {
      const batch: ChunkPart[] = [];
      let k = 0;
      let size = 0;
      for (; i < n && k < deps.maxParts; i++) {
        const p = list[i] as ChunkPart;
        if (k > 0 && size + p.size > deps.maxBytes) break;
        deps.defineAt(batch, k++, p);
        size += p.size;
      }
      const out = new deps.ArrayBuffer(size);
      const bytes = new deps.Uint8Array(out);
      deps.set(bytes, view(at, size), 0);
      at += size;
      deps.send({ kind: 'chunk-bytes', bytes, parts: batch }, deps.one(out) as unknown as Iterable<Transferable>);
    }
  };

  return {
    add(c) {
      const n = deps.byteLength(c.bytes);
      if (n === 0) return;
      const id = c.streamId;
      // Room by bytes and by count: cut the biggest holder until the chunk fits, or it is the one cut.
      while (used + n > cap || count >= deps.capParts) {
        const out = victim(id, n);
        const s = perStream[out];
        drop(out);
        if (out === id) {
          deps.cut(id, c.seq, c.t, (s?.n ?? 0) + 1, (s?.bytes ?? 0) + n);
          return;
        }
        if (s) deps.cut(out, s.seq, s.t, s.n, s.bytes);
      }
      if (!buf || deps.byteLength(buf) < used + n) grow(used + n);
      deps.set(buf as Uint8Array, c.bytes, used);
      used += n;
      parts[count++] = { streamId: id, seq: c.seq, t: c.t, size: n };
      const s = perStream[id];
      if (s) {
        s.bytes += n;
        s.n++;
        s.seq = c.seq;
        s.t = c.t;
      } else perStream[id] = deps.bare({ bytes: n, n: 1, seq: c.seq, t: c.t });
    },
    flush,
    waiting: () => count > 0,
    setCap(bytes) {
      cap = bytes;
    },
    held: () => used,
    allocated: () => (buf ? deps.byteLength(buf) : 0),
  };
}
