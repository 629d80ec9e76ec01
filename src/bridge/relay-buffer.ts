// The relay's bounded buffer: what it replays when a panel says hello. Oldest messages
// go first when either cap is hit; the dropped count is reported to the panel.
import type { RelayMessage, TapWireMessage } from './messages.js';

/**
 * Chunks are kept as the tap's bytes and turned into base64 only when sent: with no
 * panel open (the normal case) the relay then costs the page's thread nothing but a push.
 */
export type Buffered = RelayMessage | Extract<TapWireMessage, { readonly kind: 'stream-chunk' }>;

export interface RelayBuffer {
  push(msg: Buffered): void;
  /** Snapshot in arrival order. */
  items(): Buffered[];
  clear(): void;
  readonly size: number;
  readonly bytes: number;
  readonly dropped: number;
}

/** A cheap size estimate: exact JSON sizes would cost a stringify per message. */
export function estimateBytes(msg: Buffered): number {
  switch (msg.kind) {
    case 'stream-chunk':
      return 96 + ('base64' in msg ? msg.base64.length : Math.ceil(msg.bytes.byteLength / 3) * 4);
    case 'stream-message':
      return 128 + msg.data.length + msg.event.length;
    case 'stream-open':
      return 512 + msg.url.length + (msg.requestBody?.length ?? 0);
    default:
      return 256;
  }
}

export function createRelayBuffer(maxMessages: number, maxBytes: number): RelayBuffer {
  let entries: { msg: Buffered; size: number }[] = [];
  let head = 0;
  let bytes = 0;
  let dropped = 0;
  const dropOldest = (): void => {
    const e = entries[head];
    if (!e) return;
    entries[head] = undefined as unknown as { msg: Buffered; size: number };
    head++;
    bytes -= e.size;
    dropped++;
    // Compact now and then so dropping stays O(1) amortised without unbounded holes.
    if (head > 1024 && head * 2 > entries.length) {
      entries = entries.slice(head);
      head = 0;
    }
  };
  return {
    push(msg) {
      const size = estimateBytes(msg);
      entries.push({ msg, size });
      bytes += size;
      while (entries.length - head > maxMessages || (bytes > maxBytes && entries.length - head > 1)) dropOldest();
    },
    items: () => entries.slice(head).map((e) => e.msg),
    clear() {
      entries = [];
      head = 0;
      bytes = 0;
      dropped = 0;
    },
    get size() {
      return entries.length - head;
    },
    get bytes() {
      return bytes;
    },
    get dropped() {
      return dropped;
    },
  };
}
