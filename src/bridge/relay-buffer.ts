// The relay's bounded buffer: what it replays when a panel says hello. A ring by
// estimated bytes (and a message count): the oldest entries go first. Loss is counted
// honestly: an entry a panel already received live (or in a replay) is not lost when it
// is evicted, only one no panel ever saw. The DevTools page keeps its hand-off backlog in
// one too (devtools-handoff.ts).
import type { RelayMessage, TapWireMessage } from './messages.js';

/**
 * Chunks are kept as the tap's bytes and turned into base64 only when sent: with no
 * panel open (the normal case) the relay then costs the page's thread nothing but a push.
 */
export type Buffered = RelayMessage | Extract<TapWireMessage, { readonly kind: 'stream-chunk' }>;

export interface RelayBuffer<M extends Buffered = Buffered> {
  /** `delivered`: a panel received it already (sent live). */
  push(msg: M, delivered: boolean): void;
  /** Snapshot in arrival order. */
  items(): M[];
  /** Everything buffered has now reached a panel (after a replay). */
  markDelivered(): void;
  /** A new byte cap (the relay raises it once a panel has connected). */
  setMaxBytes(bytes: number): void;
  /** Empties the buffer and zeroes the loss counts. */
  clear(): void;
  readonly size: number;
  readonly bytes: number;
  /** Entries evicted before any panel received them, and their estimated bytes. */
  readonly lost: number;
  readonly lostBytes: number;
}

/** A cheap size estimate: exact JSON sizes would cost a stringify per message. */
export function estimateBytes(msg: Buffered): number {
  switch (msg.kind) {
    case 'stream-chunk':
      if ('text' in msg) return 96 + msg.text.length * 2;
      return 96 + ('base64' in msg ? msg.base64.length : Math.ceil(msg.bytes.byteLength / 3) * 4);
    case 'stream-message':
      return 128 + msg.data.length + msg.event.length;
    case 'stream-open':
      return 512 + msg.url.length + (msg.requestBody?.length ?? 0);
    case 'chunk-blob':
      // The tap's gathered chunks: their bytes are held in the browser's Blob storage for us.
      return msg.blob.size + 96 * msg.parts.length;
    default:
      return 256;
  }
}

interface Entry<M extends Buffered> {
  readonly msg: M;
  readonly size: number;
  delivered: boolean;
}

export function createRelayBuffer<M extends Buffered = Buffered>(
  maxMessages: number,
  maxBytes: number,
): RelayBuffer<M> {
  let entries: (Entry<M> | undefined)[] = [];
  let head = 0;
  let bytes = 0;
  let lost = 0;
  let lostBytes = 0;
  let cap = maxBytes;
  const dropOldest = (): void => {
    const e = entries[head];
    if (!e) return;
    entries[head] = undefined;
    head++;
    bytes -= e.size;
    if (!e.delivered) {
      lost += e.msg.kind === 'chunk-blob' ? e.msg.parts.length : 1;
      lostBytes += e.size;
    }
    // Compact now and then so dropping stays O(1) amortised without unbounded holes.
    if (head > 1024 && head * 2 > entries.length) {
      entries = entries.slice(head);
      head = 0;
    }
  };
  const trim = (): void => {
    while (entries.length - head > maxMessages || (bytes > cap && entries.length - head > 1)) dropOldest();
  };
  return {
    push(msg, delivered) {
      const size = estimateBytes(msg);
      entries.push({ msg, size, delivered });
      bytes += size;
      trim();
    },
    items: () => {
      const out: M[] = [];
      for (let i = head; i < entries.length; i++) out.push((entries[i] as Entry<M>).msg);
      return out;
    },
    markDelivered() {
      for (let i = head; i < entries.length; i++) (entries[i] as Entry<M>).delivered = true;
    },
    setMaxBytes(b) {
      cap = b;
      trim();
    },
    clear() {
      entries = [];
      head = 0;
      bytes = 0;
      lost = 0;
      lostBytes = 0;
    },
    get size() {
      return entries.length - head;
    },
    get bytes() {
      return bytes;
    },
    get lost() {
      return lost;
    },
    get lostBytes() {
      return lostBytes;
    },
  };
}
