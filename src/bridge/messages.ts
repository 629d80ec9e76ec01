// THE message schema of the capture path (page tap → relay → service worker → panel and
// back). No other file declares message shapes. Every envelope carries the source tag
// and protocol version; guards (./guards.ts) validate each direction before use.
import type { ReplayedFrom, StreamEncoding, StreamEndReason, StreamOpenInfo, Transport } from '../core/capture.js';
import type { ReplayPanelMessage } from './replay-messages.js';

export type { ReplayedFrom, StreamEncoding, StreamEndReason, Transport };

export const SOURCE = 'agui-inspector' as const;
export const PROTOCOL_VERSION = 1 as const;

/** What the page-world tap reports. Bytes travel as base64: ports are JSON. */
export type TapMessage =
  | {
      readonly kind: 'tap-ready';
      readonly frameId: string;
      readonly frameUrl: string;
      readonly top: boolean;
      readonly t: number;
    }
  // The core's open info, as the tap sees it: `t` stands for startedAt, and the frame is always known.
  | (Omit<StreamOpenInfo, 'startedAt' | 'frameUrl'> & {
      readonly kind: 'stream-open';
      readonly seq: number;
      readonly t: number;
      readonly frameUrl: string;
      /** XHR streams arrive in coarser increments; the panel says so. */
      readonly coarseTiming?: boolean;
    })
  | {
      readonly kind: 'stream-chunk';
      readonly streamId: string;
      readonly seq: number;
      readonly t: number;
      readonly base64: string;
    }
  /**
   * A chunk whose bytes are valid UTF-8 (nearly every SSE chunk), sent as its text: the
   * relay decodes natively instead of base64-encoding on the page's thread, and the panel
   * gets the exact bytes back by encoding it (a BOM is kept as U+FEFF).
   */
  | {
      readonly kind: 'stream-chunk';
      readonly streamId: string;
      readonly seq: number;
      readonly t: number;
      readonly text: string;
    }
  | {
      readonly kind: 'stream-message';
      readonly streamId: string;
      readonly seq: number;
      readonly t: number;
      readonly event: string;
      readonly data: string;
      readonly lastEventId: string;
    }
  | {
      readonly kind: 'stream-end';
      readonly streamId: string;
      readonly seq: number;
      readonly t: number;
      readonly reason: StreamEndReason;
      readonly error?: string;
    }
  /**
   * The tap's own early buffer overflowed (a ring buffer): cumulative totals for its frame,
   * so the latest one is the truth. Shown in capture health as loss.
   */
  | {
      readonly kind: 'tap-dropped';
      readonly frameId: string;
      readonly messages: number;
      readonly bytes: number;
      readonly t: number;
    }
  /**
   * The tap installed the replay armed by the panel's 'replay-arm' `armId`: only then does
   * the panel's armed bar say the tab is armed (until then it says "arming").
   */
  | {
      readonly kind: 'replay-armed';
      readonly armId: string;
      readonly t: number;
      /**
       * Sent again, with the paths the arm now answers beside its recorded one, once the tap
       * took a 'replay-also': only then does the bar say the arm answers them.
       */
      readonly also?: readonly string[];
    }
  /** A response we saw and deliberately did not read (for the capture-health view). `id` de-duplicates replays. */
  | {
      readonly kind: 'stream-ignored';
      readonly id: string;
      readonly url: string;
      readonly contentType: string;
      readonly status: number;
      readonly t: number;
    };

/**
 * What actually crosses the private MessagePort from the page tap to the relay. Chunks
 * travel as raw bytes (structured clone, buffer transferred) so the page's read path pays
 * one copy and no encoding; the relay turns them into base64 for the JSON ports.
 */
export type TapWireMessage =
  | Exclude<TapMessage, { readonly kind: 'stream-chunk' }>
  | {
      readonly kind: 'stream-chunk';
      readonly streamId: string;
      readonly seq: number;
      readonly t: number;
      readonly bytes: Uint8Array;
    }
  /**
   * Chunks gathered by the tap itself into one Blob (only after the relay's `relay-blobs`):
   * the page's thread then copies each chunk once into a buffer and makes one Blob per
   * 2 MB, instead of a message per chunk and the relay's own copy (src/tap/blob-gather.ts).
   */
  | ChunkBlob
  /**
   * The same gathered chunks as one transferred buffer (no panel watching, or ports that do
   * not structure-clone): one message and one copy per 2 MB instead of an allocation, a copy
   * and a message per chunk. The relay splits it back into `stream-chunk`s (views, no copy)
   * before anything else sees it; it never leaves the relay.
   */
  | ChunkBatch;

export interface ChunkPart {
  readonly streamId: string;
  readonly seq: number;
  readonly t: number;
  readonly size: number;
}

export interface ChunkBlob {
  readonly kind: 'chunk-blob';
  readonly blob: Blob;
  readonly parts: readonly ChunkPart[];
}

/** A tap message as the relay handles it, once a ChunkBatch is split back into its chunks. */
export type TapItem = Exclude<TapWireMessage, ChunkBatch>;

export interface ChunkBatch {
  readonly kind: 'chunk-bytes';
  readonly bytes: Uint8Array;
  readonly parts: readonly ChunkPart[];
}

export interface ChunkBytes {
  readonly kind: 'stream-chunk';
  readonly streamId: string;
  readonly seq: number;
  readonly t: number;
  readonly bytes: Uint8Array;
}

/** Relay → tap on the private port: bytes taken off it so far (see src/tap/tap-queue.ts). */
export interface RelayAck {
  readonly kind: 'relay-ack';
  readonly received: number;
}

/** Relay → tap on the private port: whether chunks may go as Blobs (see src/tap/blob-gather.ts). */
export interface RelayBlobs {
  readonly kind: 'relay-blobs';
  /** Gather chunks into Blobs (a panel watches and ports structure-clone), or send bytes again. */
  readonly on: boolean;
}

/**
 * Relay → tap on the private port: whether anything watches the tab (a panel or a DevTools
 * window said hello; the test fixture says so itself). While nothing does, the tap holds its
 * chunks (src/tap/hold-gather.ts), keeping at most `holdBytes` of them.
 */
export interface RelayWatch {
  readonly kind: 'relay-watch';
  readonly live: boolean;
  readonly holdBytes: number;
}

/**
 * The one window.postMessage the tap sends at install, transferring its MessagePort.
 * The nonce is random per document; it is no secret (the worlds share none): it only
 * makes the handshake's shape harder to hit by accident. See src/bridge/relay.ts.
 */
export interface TapHandshake {
  readonly source: typeof SOURCE;
  readonly v: typeof PROTOCOL_VERSION;
  readonly kind: 'tap-port';
  readonly nonce: string;
}

/** What the relay adds on its way to the panel. */
export type RelayMessage =
  | TapMessage
  /** A relay started in a new document. `docId` is random per document (de-duplicates replays). */
  | {
      readonly kind: 'navigated';
      readonly docId: string;
      readonly url: string;
      readonly t: number;
      readonly top: boolean;
    }
  /**
   * The relay buffer of document `docId`. `dropped`/`droppedBytes` count only what was
   * evicted before any panel received it: real loss, cumulative for the document.
   */
  | {
      readonly kind: 'buffer-state';
      readonly docId: string;
      readonly buffered: number;
      readonly dropped: number;
      readonly droppedBytes: number;
      readonly bytes: number;
    }
  /** `panelId`: the panel whose hello asked for this replay (the router sends it there only). */
  | { readonly kind: 'replay-start'; readonly count: number; readonly panelId: string }
  | { readonly kind: 'replay-end' }
  /**
   * Chunks of one or more streams, in arrival order, as one Blob (only when runtime ports
   * structure-clone, see RouterToRelay 'panels'): the page's thread then pays one copy
   * into the Blob instead of Chrome's far costlier serialisation of big port messages.
   * `parts` says whose bytes follow in the Blob, in order; the panel's transport
   * (./chunk-blob-expander.ts) turns it back into `stream-chunk`s with `bytes`, in order.
   */
  | ChunkBlob
  /** A chunk as the panel's transport hands it on after reading a ChunkBlob (never on a port). */
  | ChunkBytes
  // What the service worker adds:
  /** The inspected tab closed (or was already gone when the panel connected). */
  | { readonly kind: 'tab-closed'; readonly t: number }
  /**
   * chrome.webRequest saw an event-stream request from a Web Worker of this tab: the tap
   * cannot see inside workers, so the panel says so instead of staying silent.
   */
  | { readonly kind: 'worker-stream'; readonly id: string; readonly url: string; readonly t: number }
  // What the DevTools page adds:
  /** Its early buffer (a ring) evicted messages before the panel was first shown; cumulative. */
  | { readonly kind: 'handoff-dropped'; readonly messages: number; readonly bytes: number };

/**
 * What the panel sends towards the page. Only the transport says hello: once per
 * connection (src/bridge/port-transport.ts); each hello makes every relay replay once.
 */
export type PanelMessage =
  { readonly kind: 'hello'; readonly panelId: string } | { readonly kind: 'clear-buffer' } | ReplayPanelMessage;

/** What the service worker sends a relay: panel messages, and how many panels watch its tab. */
export type RouterToRelay =
  | PanelMessage
  | {
      readonly kind: 'panels';
      readonly count: number;
      /**
       * A `Uint8Array` the router always sends: it arrives as one only when runtime ports
       * structure-clone (the manifest's `message_serialization`, Chrome 148+); under JSON it
       * arrives as a plain object. The relay sends ChunkBlobs only after seeing it arrive whole.
       */
      readonly probe?: unknown;
    };

/** Sent with tabs.sendMessage to wake relays whose port died with the service worker. */
export type RelayNudge = { readonly kind: 'reconnect' };

export interface Envelope<M> {
  readonly source: typeof SOURCE;
  readonly v: typeof PROTOCOL_VERSION;
  readonly msg: M;
}

export function envelope<M>(msg: M): Envelope<M> {
  return { source: SOURCE, v: PROTOCOL_VERSION, msg };
}

/** Port names: the service worker keys everything by tab id. */
export const PANEL_PORT_PREFIX = 'agui-panel:';
export const RELAY_PORT_NAME = 'agui-relay';

/** Size caps, shared by the tap (which respects them) and the guards (which enforce them). */
export const LIMITS = {
  /** Bytes copied per stream before we stop and report 'capture-truncated'. */
  streamBytes: 64 * 1024 * 1024,
  /** Largest chunk in one message; the tap splits bigger ones. */
  chunkBytes: 512 * 1024,
  /** Request body text kept with stream-open. */
  requestBody: 256 * 1024,
  /** One EventSource message's data. */
  messageData: 4 * 1024 * 1024,
  /** URLs, header values, error strings. */
  shortText: 16 * 1024,
  headerCount: 200,
  /** Relay buffer per document, by estimated bytes: small until a panel first connects. */
  bufferMessages: 20_000,
  bufferBytesIdle: 4 * 1024 * 1024,
  bufferBytes: 16 * 1024 * 1024,
  /**
   * What the tap holds while nothing watches the tab, before it cuts the biggest stream:
   * half the relay's idle buffer (its estimate counts a chunk's bytes at base64 size, so the
   * held chunks and the streams' other messages fit in it). Once a panel has connected the
   * relay raises it to half of `bufferBytes`.
   */
  holdBytesIdle: 2 * 1024 * 1024,
  /** Bytes the tap lets wait on its port unacknowledged (no relay yet, or behind) before it drops. */
  tapQueueBytes: 16 * 1024 * 1024,
  /**
   * The same bound for a chunk that leaves in a Blob (a panel watches): a Blob's bytes wait
   * in the browser's Blob storage, not in the page's memory, and the relay's turns on the
   * page's thread can wait ~100 ms behind a fast download (300 MB/s: 30 MB), so 16 MB would
   * cut a stream the relay was about to take (bench/panel-memory.ts). Bytes and strings in
   * flight stay under tapQueueBytes whatever the Blobs add (but for a batch whose Blob the
   * browser refused: it goes as bytes, within this bound).
   */
  tapBlobQueueBytes: 64 * 1024 * 1024,
  /** The tap makes a Blob once this many bytes wait (or at the latest after chunkBlobMs). */
  chunkBlobBytes: 2 * 1024 * 1024,
  /**
   * The relay sends what it gathered (the tap's Blobs, composed by reference, and chunks
   * that came as bytes) once this many bytes wait (the per-stream cap: a fast stream's
   * whole capture can go as one message): each runtime-port message with a Blob costs the
   * browser and the extension process more than the Blob's size does (docs/performance.md).
   */
  relayBlobBytes: 64 * 1024 * 1024,
  /**
   * How long the relay lets full tap Blobs (a fast stream) wait for more, against
   * chunkBlobMs for anything else; a tap Blob that is not full goes at once.
   */
  relayBlobMs: 250,
  chunkBlobMs: 50,
  /** Parts in one ChunkBlob at most (the guard's bound). */
  chunkBlobParts: 4096,
  /**
   * A batch this small (both bounds) goes as one message per chunk, not as a Blob: making a
   * Blob and reading it back are round trips to the browser's Blob storage that cost more
   * than copying a few small messages (tiny streams: e2e/capture-transport.spec.ts).
   */
  chunkBlobMinBytes: 16 * 1024,
  chunkBlobMinParts: 16,
  /** The relay acknowledges what it took off the tap's port every this many bytes. */
  relayAckBytes: 1024 * 1024,
  /**
   * Default session-wide cap in the panel (user-settable); the DevTools page keeps up to the
   * chosen cap until the panel is first shown.
   */
  sessionBytes: 512 * 1024 * 1024,
  /** Page-claimed values the relay accepts or clamps. */
  urlLength: 4096,
  headerBytes: 64 * 1024,
  /**
   * A page timestamp outside [relay clock − clockPastMs, relay clock + clockFutureMs] is
   * replaced by the relay's. The past side is wide: the tap may hold a stream's messages
   * while a streamed request body is still being read.
   */
  clockPastMs: 3_600_000,
  clockFutureMs: 60_000,
} as const;

/** A cap in the words capture health uses ("64 MB", "512 kB"): the relay's and the tap's cut reasons. */
export function formatCap(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} kB` : `${bytes} B`;
}

/** Ids the page side claims (stream, frame, ignored-response ids): short, plain charset. */
export const ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** 24 hex digits from the given crypto (captured by the tap before page scripts run). */
export function randomId(crypto: Pick<Crypto, 'getRandomValues'>): string {
  const b = crypto.getRandomValues(new Uint8Array(12));
  let s = '';
  for (const x of b) s += x.toString(16).padStart(2, '0');
  return s;
}

/** The bounds of a chunk batch (the relay's Blobs, the tap's Blobs or bytes batches); each defaults to its LIMITS value. */
export interface BatchBounds {
  /** Sent once this many bytes wait. */
  readonly maxBytes?: number;
  readonly maxParts?: number;
  /** Sent this long after its first chunk at the latest. */
  readonly ms?: number;
  /** A batch within both goes chunk by chunk (LIMITS.chunkBlobMinBytes). */
  readonly minBytes?: number;
  readonly minParts?: number;
}

export function batchBounds(b: BatchBounds): Required<BatchBounds> {
  return {
    maxBytes: b.maxBytes ?? LIMITS.chunkBlobBytes,
    maxParts: b.maxParts ?? LIMITS.chunkBlobParts,
    ms: b.ms ?? LIMITS.chunkBlobMs,
    minBytes: b.minBytes ?? LIMITS.chunkBlobMinBytes,
    minParts: b.minParts ?? LIMITS.chunkBlobMinParts,
  };
}
