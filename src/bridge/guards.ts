// Guards for every direction of the capture path. Anything arriving from the page world
// is hostile until proven otherwise: a page can forge window messages and, in theory,
// reach a MessagePort, so every field is type- and size-checked before it is forwarded.
import { STREAM_ENCODINGS, STREAM_END_REASONS, TRANSPORTS as TRANSPORT_VALUES } from '../core/capture.js';
import {
  ID_PATTERN,
  LIMITS,
  PROTOCOL_VERSION,
  SOURCE,
  type Envelope,
  type PanelMessage,
  type RelayMessage,
  type RouterToRelay,
  type TapHandshake,
  type TapWireMessage,
} from './messages.js';
import { isReplayPanelMessage } from './replay-guards.js';
import { REPLAY_LIMITS } from './replay-messages.js';
import { isRecord } from '../core/json-value.js';

type Rec = Record<string, unknown>;

const TRANSPORTS: ReadonlySet<string> = new Set(TRANSPORT_VALUES);
const ENCODINGS: ReadonlySet<string> = new Set(STREAM_ENCODINGS);
const END_REASONS: ReadonlySet<string> = new Set(STREAM_END_REASONS);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export { isRecord };

function str(x: unknown, max: number = LIMITS.shortText): x is string {
  return typeof x === 'string' && x.length <= max;
}

function num(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

function seqOk(x: unknown): x is number {
  return Number.isSafeInteger(x) && (x as number) >= 0;
}

/** A page-claimed id: bounded length, plain charset (it lands in keys and labels). */
function id(x: unknown): x is string {
  return typeof x === 'string' && ID_PATTERN.test(x);
}

function optStr(x: unknown, max: number = LIMITS.shortText): boolean {
  return x === undefined || str(x, max);
}

function headersOk(x: unknown): boolean {
  if (!isRecord(x)) return false;
  const entries = Object.entries(x);
  return entries.length <= LIMITS.headerCount && entries.every(([k, v]) => k.length <= 256 && str(v));
}

/** The paths a widened arm answers, as many as the tap keeps. */
function alsoPaths(x: unknown): boolean {
  return Array.isArray(x) && x.length <= REPLAY_LIMITS.alsoPaths && x.every((p) => str(p));
}

function streamHead(m: Rec): boolean {
  return id(m.streamId) && seqOk(m.seq) && num(m.t);
}

/** A replayed stream's mark: which armed replay answered, from what source. */
function replayedOk(x: unknown): boolean {
  return (
    isRecord(x) &&
    str(x.source, 512) &&
    id(x.armId) &&
    seqOk(x.index) &&
    (x.recordedUrl === undefined || str(x.recordedUrl))
  );
}

/** Shape checks shared by the wire (bytes) and relayed (base64) forms. */
function isCommonTap(m: Rec): boolean | undefined {
  switch (m.kind) {
    case 'tap-ready':
      return id(m.frameId) && str(m.frameUrl) && typeof m.top === 'boolean' && num(m.t);
    case 'tap-dropped':
      return id(m.frameId) && seqOk(m.messages) && seqOk(m.bytes) && num(m.t);
    case 'stream-open':
      return (
        streamHead(m) &&
        TRANSPORTS.has(m.transport as string) &&
        ENCODINGS.has(m.encoding as string) &&
        str(m.url) &&
        str(m.method, 64) &&
        headersOk(m.requestHeaders) &&
        optStr(m.requestBody, LIMITS.requestBody + 64) &&
        optStr(m.requestBodyNote, 64) &&
        num(m.status) &&
        (m.requestedAt === undefined || num(m.requestedAt)) &&
        str(m.contentType, 1024) &&
        str(m.frameUrl) &&
        (m.coarseTiming === undefined || typeof m.coarseTiming === 'boolean') &&
        (m.replayed === undefined || replayedOk(m.replayed))
      );
    case 'stream-message':
      return streamHead(m) && str(m.event, 1024) && str(m.data, LIMITS.messageData) && str(m.lastEventId, 1024);
    case 'stream-end':
      return streamHead(m) && END_REASONS.has(m.reason as string) && optStr(m.error);
    case 'replay-armed':
      return id(m.armId) && num(m.t) && (m.also === undefined || alsoPaths(m.also));
    case 'stream-ignored':
      return id(m.id) && str(m.url) && str(m.contentType, 1024) && num(m.status) && num(m.t);
    default:
      return undefined;
  }
}

/** By tag, not instanceof: structured clone may land the array in another world's realm. */
function isBytes(x: unknown): x is Uint8Array {
  return ArrayBuffer.isView(x) && Object.prototype.toString.call(x) === '[object Uint8Array]';
}

/** A message from the page tap, as it arrives on the private port. */
export function isTapWireMessage(x: unknown): x is TapWireMessage {
  if (!isRecord(x)) return false;
  if (x.kind === 'stream-chunk') {
    return streamHead(x) && isBytes(x.bytes) && x.bytes.byteLength <= LIMITS.chunkBytes;
  }
  if (x.kind === 'chunk-blob') return chunkBlobOk(x, TAP_BATCH_BYTES);
  if (x.kind === 'chunk-bytes') return isBytes(x.bytes) && partsOk(x.parts, x.bytes.byteLength, TAP_BATCH_BYTES);
  return isCommonTap(x) === true;
}

/** By tag, not instanceof (another realm's Blob is still a Blob). */
function isBlob(x: unknown): x is Blob {
  return Object.prototype.toString.call(x) === '[object Blob]' && seqOk((x as Blob).size);
}

/** What one batch of the tap may hold: its bound, overshot by at most one chunk (a generous twice). */
const TAP_BATCH_BYTES = 2 * LIMITS.chunkBlobBytes + LIMITS.chunkBytes;
/** What one ChunkBlob of the relay may hold: its bound, overshot by at most one chunk or one tap Blob. */
const RELAY_BATCH_BYTES = LIMITS.relayBlobBytes + TAP_BATCH_BYTES;

/** Parts of a ChunkBlob: bounded, valid heads, and sizes that add up to the Blob's. */
function chunkBlobOk(x: Rec, maxBytes: number): boolean {
  return isBlob(x.blob) && partsOk(x.parts, x.blob.size, maxBytes);
}

/** Parts of a gathered batch (Blob or bytes): bounded, valid heads, sizes adding up to `size`. */
function partsOk(parts: unknown, size: number, maxBytes: number): boolean {
  if (size > maxBytes) return false;
  if (!Array.isArray(parts) || parts.length === 0 || parts.length > LIMITS.chunkBlobParts) return false;
  let total = 0;
  for (const p of parts as unknown[]) {
    if (!isRecord(p) || !streamHead(p) || !seqOk(p.size) || p.size > LIMITS.chunkBytes) return false;
    total += p.size;
  }
  return total === size;
}

/** A message from the relay, as the panel receives it. */
export function isRelayMessage(x: unknown): x is RelayMessage {
  if (!isRecord(x)) return false;
  switch (x.kind) {
    case 'stream-chunk':
      if (typeof x.text === 'string') return streamHead(x) && x.base64 === undefined && str(x.text, LIMITS.chunkBytes);
      return streamHead(x) && str(x.base64, Math.ceil(LIMITS.chunkBytes / 3) * 4) && BASE64.test(x.base64);
    case 'chunk-blob':
      return chunkBlobOk(x, RELAY_BATCH_BYTES);
    case 'navigated':
      return id(x.docId) && str(x.url) && num(x.t) && typeof x.top === 'boolean';
    case 'buffer-state':
      return id(x.docId) && seqOk(x.buffered) && seqOk(x.dropped) && seqOk(x.droppedBytes) && seqOk(x.bytes);
    case 'replay-start':
      return seqOk(x.count) && str(x.panelId, 128);
    case 'replay-end':
      return true;
    case 'tab-closed':
      return num(x.t);
    case 'worker-stream':
      return id(x.id) && str(x.url) && num(x.t);
    case 'handoff-dropped':
      return seqOk(x.messages) && seqOk(x.bytes);
    default:
      return isCommonTap(x) === true;
  }
}

export function isPanelMessage(x: unknown): x is PanelMessage {
  if (!isRecord(x)) return false;
  if (x.kind === 'hello') return str(x.panelId, 128);
  return x.kind === 'clear-buffer' || isReplayPanelMessage(x);
}

export function isRouterToRelay(x: unknown): x is RouterToRelay {
  if (!isRecord(x)) return false;
  if (x.kind === 'panels') return seqOk(x.count);
  return isPanelMessage(x);
}

/** The envelope around anything on a runtime port; `inner` checks the payload. */
export function isEnvelope<M>(x: unknown, inner: (m: unknown) => m is M): x is Envelope<M> {
  return isRecord(x) && x.source === SOURCE && x.v === PROTOCOL_VERSION && inner(x.msg);
}

export function isTapHandshake(x: unknown): x is TapHandshake {
  return (
    isRecord(x) &&
    x.source === SOURCE &&
    x.v === PROTOCOL_VERSION &&
    x.kind === 'tap-port' &&
    str(x.nonce, 64) &&
    x.nonce.length >= 16
  );
}
