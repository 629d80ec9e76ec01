// The isolated-world relay: takes the tap's private MessagePort from the one handshake
// window message, validates and sanitises everything the tap sends, caps every stream by
// bytes, keeps a bounded buffer (small until a panel first connects) and, while a panel
// watches the tab, forwards live over a runtime port to the service worker (and tells the
// tap to gather its chunks into Blobs itself while that port structure-clones). When the
// document goes away it ends its open streams ('navigated').
//
// Trust: the handshake must come from this very window (event.source), carry our source
// tag, version and a nonce, and be the first such message. The page's own scripts run
// after both content scripts (document_start), so the first handshake is the tap's. There
// is no secret shared between worlds, so a page whose script could run first (none can,
// short of a browser bug) could hand us its own port; everything on the port is still
// shape- and size-checked, so the worst case is forged captures of that page itself.
import {
  envelope,
  LIMITS,
  type RelayBlobs,
  type RelayWatch,
  type RelayMessage,
  type RouterToRelay,
  type TapItem,
  type TapWireMessage,
} from './messages.js';
import { isEnvelope, isRouterToRelay, isTapHandshake, isTapWireMessage } from './guards.js';
import { bytesToBase64 } from './base64.js';
import { createRelayBuffer, type Buffered } from './relay-buffer.js';
import { sanitizeTapMessage } from './relay-sanitize.js';
import { createStreamGate } from './relay-streams.js';
import { createTapAcks } from './relay-acks.js';
import type { PortLike } from './transport.js';
import { forwardReplay, panelsGone } from './relay-replay.js';
import { createChunkBlobBatch } from './relay-chunk-blobs.js';

export interface MessagePortLike {
  onmessage: ((e: { data: unknown }) => void) | null;
  close(): void;
  /** Replay controls (./relay-replay.ts) and acknowledgements (relay-ack) back to the tap; absent on test ports that ignore them. */
  postMessage?(message: unknown, transfer?: Transferable[]): void;
}

export interface WindowMessageLike {
  readonly source: unknown;
  readonly data: unknown;
  readonly ports: readonly MessagePortLike[];
  stopImmediatePropagation(): void;
}

export interface RelayDeps {
  /** The window whose 'message' events carry the handshake, and whose 'pagehide' ends the document. */
  readonly win: {
    addEventListener(type: 'message' | 'pagehide', fn: (e: WindowMessageLike) => void, capture: boolean): void;
    removeEventListener(type: 'message' | 'pagehide', fn: (e: WindowMessageLike) => void, capture: boolean): void;
  };
  /** What event.source must be: the window itself. */
  readonly self: unknown;
  /** Opens the runtime port to the service worker (name: RELAY_PORT_NAME). */
  readonly connect: () => PortLike;
  /** Called with a function to run when the service worker asks relays to reconnect. */
  readonly onNudge?: (reconnect: () => void) => void;
  readonly docUrl: string;
  readonly top: boolean;
  readonly now: () => number;
  readonly randomId: () => string;
  readonly maxMessages?: number;
  /** Buffer cap until a panel first connects, and after. */
  readonly idleBytes?: number;
  readonly maxBytes?: number;
  /** Per-stream capture cap. */
  readonly streamBytes?: number;
  /**
   * Runs `fn` after about `ms` without a page-visible timer id (scheduler.postTask); the
   * deadline for sending gathered chunks as one Blob. Without it chunks go one by one.
   */
  readonly later?: (fn: () => void, ms: number) => void;
  /** A tap Blob this big came full: the relay waits for more before sending (LIMITS.chunkBlobBytes). */
  readonly tapBlobBytes?: number;
}

export interface RelayStats {
  buffered: number;
  lost: number;
  bytes: number;
  rejected: number;
  live: boolean;
  hasTap: boolean;
  openStreams: number;
}

export interface Relay {
  readonly stats: () => RelayStats;
  stop(): void;
}

export function startRelay(deps: RelayDeps): Relay {
  const buffer = createRelayBuffer(deps.maxMessages ?? LIMITS.bufferMessages, deps.idleBytes ?? LIMITS.bufferBytesIdle);
  const gate = createStreamGate(deps.streamBytes ?? LIMITS.streamBytes);
  const docId = deps.randomId();
  let port: PortLike | undefined;
  let live = false;
  let everConnected = false;
  let rejected = 0;
  let tapPort: MessagePortLike | undefined;
  /** Panels of the tab as the router last counted them. */
  let panelCount = 0;
  const acks = createTapAcks((ack) => tapPort?.postMessage?.(ack));

  // Set when the router's probe arrives whole: ports structure-clone, Blobs may travel.
  let blobs = false;
  const later = deps.later;
  const batch = later
    ? createChunkBlobBatch({
        send: (m) => post(toRelay(m)),
        later,
        ...(deps.tapBlobBytes !== undefined ? { tapBlobBytes: deps.tapBlobBytes } : {}),
      })
    : undefined;
  // While a panel watches, the tap gathers its chunks into Blobs itself (src/tap/blob-gather.ts);
  // with none, it sends bytes as before (a Blob nobody reads would only hold the browser's
  // memory until a garbage collection). A Blob from a tap never told is refused (a JSON port
  // would turn it into `{}`); one still in flight after "off" is taken like any chunk.
  let toldTap = false;
  let tapBlobs = false;
  // The tap holds its chunks while nothing watches (src/tap/hold-gather.ts), as it starts.
  let tapWatched = false;
  const syncTap = (): void => {
    if (!tapPort?.postMessage) return;
    const watched = live && port !== undefined;
    const want = blobs && batch !== undefined && watched;
    try {
      if (watched !== tapWatched) {
        const cap = everConnected ? (deps.maxBytes ?? LIMITS.bufferBytes) : (deps.idleBytes ?? LIMITS.bufferBytesIdle);
        tapPort.postMessage({ kind: 'relay-watch', live: watched, holdBytes: holdBytesFor(cap) } satisfies RelayWatch);
        tapWatched = watched;
      }
      if (want === tapBlobs) return;
      tapPort.postMessage({ kind: 'relay-blobs', on: want } satisfies RelayBlobs);
      tapBlobs = want;
      toldTap ||= want;
    } catch {
      // a closed port: nothing more comes from it
    }
  };

  const post = (msg: RelayMessage): void => {
    const p = port;
    if (!p) return;
    try {
      p.postMessage(envelope(msg));
    } catch {
      port = undefined;
      live = false;
      syncTap();
    }
  };
  /** Everything but a batched chunk goes after what the batch holds: order is kept. */
  const send = (msg: RelayMessage): void => {
    batch?.flush();
    post(msg);
  };
  const forward = (m: Buffered): void => {
    if (blobs && batch && m.kind === 'stream-chunk' && 'bytes' in m) batch.add(m);
    else if (batch && m.kind === 'chunk-blob') batch.addBlob(m);
    else send(toRelay(m));
  };
  const bufferState = (): RelayMessage => ({
    kind: 'buffer-state',
    docId,
    buffered: buffer.size,
    dropped: buffer.lost,
    droppedBytes: buffer.lostBytes,
    bytes: buffer.bytes,
  });

  const push = (msg: Buffered): void => {
    // Sent live means a panel has it: evicting it later loses nothing.
    const delivered = live && port !== undefined;
    buffer.push(msg, delivered);
    if (delivered) forward(msg);
  };

  // A panel (or a DevTools page) is connected to the tab: keep more for its replay.
  const panelConnected = (): void => {
    if (everConnected) return;
    everConnected = true;
    buffer.setMaxBytes(deps.maxBytes ?? LIMITS.bufferBytes);
  };

  const replay = (panelId: string): void => {
    panelConnected();
    const items = buffer.items();
    live = true;
    send({ kind: 'replay-start', count: items.length, panelId });
    for (const m of items) forward(m);
    send({ kind: 'replay-end' });
    buffer.markDelivered();
    send(bufferState());
  };

  const onRouter = (raw: unknown): void => {
    if (!isEnvelope<RouterToRelay>(raw, isRouterToRelay)) return;
    const msg = raw.msg;
    if (msg.kind === 'hello') replay(msg.panelId);
    else if (msg.kind === 'panels') {
      if (isBytes(msg.probe)) blobs = true;
      live = msg.count > 0 && live;
      if (msg.count > 0) panelConnected();
      // The last panel left (not: the router restarted and counts from zero).
      else if (panelCount > 0 && deps.top) panelsGone(tapPort);
      panelCount = msg.count;
    } else if (msg.kind === 'clear-buffer') {
      buffer.clear();
      send(bufferState());
    } else forwardReplay(msg, deps.top, tapPort?.postMessage ? (tapPort as Required<MessagePortLike>) : undefined);
    syncTap();
  };

  const connect = (): void => {
    if (port) return;
    try {
      const p = deps.connect();
      port = p;
      p.onMessage.addListener(onRouter);
      p.onDisconnect.addListener(() => {
        if (port !== p) return;
        port = undefined;
        live = false; // buffering goes on; a nudge or a new panel reconnects us
        panelCount = 0; // the service worker went: its panels reconnect, they did not leave
        syncTap();
      });
    } catch {
      port = undefined; // extension reloaded: this relay is orphaned, stay quiet
    }
  };

  const take = (data: TapItem, now: number): void => {
    for (const m of gate.admit(sanitizeTapMessage(data, now, deps.docUrl), now)) push(m);
  };
  const fromTap = (data: unknown): void => {
    acks.took(data);
    if (!isTapWireMessage(data) || (data.kind === 'chunk-blob' && !toldTap)) {
      rejected++;
      return;
    }
    const now = deps.now();
    if (data.kind !== 'chunk-bytes') return take(data, now);
    // The tap's gathered bytes become its chunks again, as views of the one transferred buffer.
    const { buffer, byteOffset } = data.bytes;
    let at = byteOffset;
    for (const p of data.parts) {
      take(
        { kind: 'stream-chunk', streamId: p.streamId, seq: p.seq, t: p.t, bytes: new Uint8Array(buffer, at, p.size) },
        now,
      );
      at += p.size;
    }
  };

  const onWindowMessage = (e: WindowMessageLike): void => {
    if (tapPort || e.source !== deps.self || !isTapHandshake(e.data) || e.ports.length !== 1) return;
    const p = e.ports[0] as MessagePortLike;
    tapPort = p;
    // Our listener was added first and in capture phase: the page never sees the handshake.
    e.stopImmediatePropagation();
    deps.win.removeEventListener('message', onWindowMessage, true);
    p.onmessage = (ev) => fromTap(ev.data);
    syncTap();
  };

  // The document is going (navigation, reload, frame removed): its streams die with it.
  const onPageHide = (): void => {
    for (const end of gate.endAll('navigated', deps.now())) push(end);
  };

  deps.win.addEventListener('message', onWindowMessage, true);
  deps.win.addEventListener('pagehide', onPageHide, true);
  push({ kind: 'navigated', docId, url: deps.docUrl.slice(0, LIMITS.urlLength), t: deps.now(), top: deps.top });
  deps.onNudge?.(connect);
  connect();

  return {
    stats: () => ({
      buffered: buffer.size,
      lost: buffer.lost,
      bytes: buffer.bytes,
      rejected,
      live,
      hasTap: tapPort !== undefined,
      openStreams: gate.open,
    }),
    stop() {
      deps.win.removeEventListener('message', onWindowMessage, true);
      deps.win.removeEventListener('pagehide', onPageHide, true);
      if (tapPort) tapPort.onmessage = null;
      batch?.flush();
      port?.disconnect();
      port = undefined;
    },
  };
}

/** Half the relay's buffer: its estimate counts held bytes at base64 size, and other messages need room too. */
export function holdBytesFor(bufferBytes: number): number {
  return Math.max(LIMITS.chunkBytes, Math.min(LIMITS.bufferBytes, Math.floor(bufferBytes / 2)));
}

function isBytes(x: unknown): boolean {
  return ArrayBuffer.isView(x) && Object.prototype.toString.call(x) === '[object Uint8Array]';
}

// Fatal: bytes that are not UTF-8 go as base64. ignoreBOM: a BOM is data, kept as U+FEFF.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The chunk's text when its bytes are UTF-8 (a character cut at a chunk edge is not). */
function textOf(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function toRelay(m: Buffered | TapWireMessage): RelayMessage {
  if (m.kind !== 'stream-chunk' || !('bytes' in m)) return m as RelayMessage;
  const head = { kind: 'stream-chunk', streamId: m.streamId, seq: m.seq, t: m.t } as const;
  const text = textOf(m.bytes);
  return text !== undefined ? { ...head, text } : { ...head, base64: bytesToBase64(m.bytes) };
}
