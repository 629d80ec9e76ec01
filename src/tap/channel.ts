// The tap's transport in the page: a private MessageChannel. One window.postMessage at
// install hands port2 to the relay (transferred, with a source tag and a random nonce);
// afterwards everything travels on port1, which the page's message listeners never see.
// postMessage, MessageChannel and MessagePort.prototype.postMessage are captured here, at
// document_start, before any page script could replace them; the port lives only in this
// closure and is only ever the receiver of the captured postMessage (a bound `call`, so
// no Reflect.apply, Function.prototype.call or port method is looked up at send time).
// What waits on the port for the relay is bounded by bytes (./tap-queue.ts); the relay's
// acknowledgements come back on the same port, and so does its word on how chunks travel:
// held while nothing watches the tab (./hold-gather.ts), gathered into Blobs while a panel
// watches over ports that structure-clone (./blob-gather.ts), otherwise gathered as
// transferred bytes.
import {
  batchBounds,
  formatCap,
  LIMITS,
  PROTOCOL_VERSION,
  randomId,
  SOURCE,
  type RelayWatch,
  type TapHandshake,
} from '../bridge/messages.js';
import type { TapEmit } from './context.js';
import { createTapQueue } from './tap-queue.js';
import { createBlobGather, type BlobGather } from './blob-gather.js';
import { captureGatherDeps, type GatherWindow } from './gather-deps.js';
import { createHoldGather } from './hold-gather.js';

export interface ChannelWindow {
  readonly MessageChannel: typeof MessageChannel;
  readonly MessagePort: typeof MessagePort;
  readonly Function: FunctionConstructor;
  readonly crypto: Crypto;
  readonly Object: ObjectConstructor;
  readonly Date: DateConstructor;
  readonly MessageEvent: typeof MessageEvent;
  readonly Uint8Array: Uint8ArrayConstructor;
  postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void;
}

export type ChannelWindowWithBlobs = ChannelWindow & Partial<GatherWindow>;

type Send = (port: MessagePort, msg: unknown, transfer?: Iterable<Transferable>) => void;

/**
 * The emitter, and whether it gathers chunks right now (into Blobs or bytes batches): then
 * any view of a page's chunk may be handed over as it is (./blob-gather.ts copies it at once, exactly).
 */
export type ChannelEmit = TapEmit & { readonly gathering: () => boolean };

/**
 * `onControl` receives what the relay sends back on the port besides acknowledgements
 * (replay controls). The onmessage setter and the data getter are captured at install, so a
 * page that later replaces MessageEvent.prototype.data never learns that anything arrived.
 */
export function createChannelEmitter(win: ChannelWindowWithBlobs, onControl?: (data: unknown) => void): ChannelEmit {
  const uncurry = win.Function.prototype.bind.bind(win.Function.prototype.call) as (fn: unknown) => unknown;
  const send = uncurry(win.MessagePort.prototype.postMessage) as Send;
  const post = uncurry(win.postMessage) as (w: unknown, m: unknown, origin: string, t: Transferable[]) => void;
  const channel = new win.MessageChannel();
  const handshake: TapHandshake = {
    source: SOURCE,
    v: PROTOCOL_VERSION,
    kind: 'tap-port',
    nonce: randomId(win.crypto),
  };
  // '*': the target is this same window; origin checks would fail on opaque origins
  // (sandboxed frames, about:blank) and the payload is only a port.
  post(win, handshake, '*', [channel.port2]);
  const port = channel.port1;
  const getter = (proto: object, key: string) =>
    uncurry(win.Object.getOwnPropertyDescriptor(proto, key)?.get) as (self: unknown) => unknown;
  const setter = (proto: object, key: string) =>
    uncurry(win.Object.getOwnPropertyDescriptor(proto, key)?.set) as (self: unknown, v: unknown) => void;
  const now = uncurry(win.Date.now) as (self: unknown) => number;
  const byteLength = getter(win.Object.getPrototypeOf(win.Uint8Array.prototype) as object, 'byteLength');
  const queue = createTapQueue({
    cap: LIMITS.tapQueueBytes,
    blobCap: LIMITS.tapBlobQueueBytes,
    docId: randomId(win.crypto),
    now: () => now(win.Date),
    byteLength: (b) => byteLength(b) as number,
  });
  // Everything the Blob path needs, captured now; undefined where this window lacks it.
  const gatherDeps = captureGatherDeps(win);
  // With no panel watching, chunks still gather, but leave as the buffer itself (transferred,
  // split back into chunks by the relay): a message and a copy per 2 MB, not per chunk. Both
  // gathers are made now, at install, so their options are read before any page script runs.
  const bytesGather = gatherDeps
    ? createBlobGather({ ...gatherDeps.deps, bytes: true, send: (m, t) => send(port, m, t) })
    : undefined;
  const blobGather = gatherDeps ? createBlobGather({ ...gatherDeps.deps, send: (m) => send(port, m) }) : undefined;
  let holdCap: number = LIMITS.holdBytesIdle;
  // While nothing watches the tab (the relay says when something does), chunks wait in the
  // hold instead (./hold-gather.ts): one reused buffer, nothing sent until it must be.
  const hold = gatherDeps
    ? createHoldGather({
        ...gatherDeps.deps,
        ...batchBounds(gatherDeps.deps),
        bare: gatherDeps.bare,
        capBytes: LIMITS.holdBytesIdle,
        capParts: LIMITS.bufferMessages,
        send: (m, t) => (t ? send(port, m, t) : send(port, m)),
        cut: (id, seq, t, messages, bytes) => {
          const why = `capture stopped: DevTools was closed, and until it opens the page keeps at most ${formatCap(holdCap)} of streams`;
          const out = queue.cut(id, seq, t, messages, bytes, why);
          for (let i = 0; i < out.length; i++) send(port, out[i]);
        },
      })
    : undefined;
  let watched = false;
  let blobsOn = false;
  let gather: BlobGather | undefined = hold;
  const choose = (): void => {
    const next = !watched ? hold : blobsOn ? blobGather : bytesGather;
    if (next === gather) return;
    gather?.flush();
    gather = next;
  };
  const dataOf = getter(win.MessageEvent.prototype, 'data');
  setter(win.MessagePort.prototype, 'onmessage')(port, (e: unknown) => {
    const d = dataOf(e) as { kind?: unknown; received?: unknown; on?: unknown } | null;
    if (typeof d === 'object' && d !== null && d.kind === 'relay-ack' && typeof d.received === 'number')
      queue.ack(d.received);
    else if (typeof d === 'object' && d !== null && d.kind === 'relay-blobs') {
      if (typeof d.on === 'boolean') blobsOn = d.on;
      choose();
    } else if (typeof d === 'object' && d !== null && d.kind === 'relay-watch') {
      const w = d as Partial<RelayWatch>;
      if (typeof w.holdBytes === 'number' && w.holdBytes >= LIMITS.chunkBytes && w.holdBytes <= LIMITS.bufferBytes) {
        holdCap = w.holdBytes;
        hold?.setCap(holdCap);
      }
      if (typeof w.live === 'boolean') watched = w.live;
      choose();
    } else if (onControl) {
      try {
        onControl(d);
      } catch {
        // never into the page
      }
    }
  });
  // Asked for every chunk (by the body copy, the small-chunk batcher and here): while a batch
  // already waits, its deadline was judged keepable, so the document's visibility (a call into
  // the DOM) is read once per batch, not per chunk.
  const gathering = (): boolean =>
    gather !== undefined && (gather === hold || gather.waiting() || gatherDeps?.canWait() === true);
  const emit: TapEmit = (msg, transfer) => {
    // Asked once: the answer decides both the queue's bound and where the chunk goes.
    const gathers = msg.kind === 'stream-chunk' && gathering();
    const out = queue.pass(msg, gathers && gather === blobGather);
    // An index loop: array iteration would call the page's Array.prototype[Symbol.iterator].
    for (let i = 0; i < out.length; i++) {
      const m = out[i]!;
      if (gather) {
        // Gathered only while a deadline can be kept (a hidden page's delayed tasks are throttled).
        if (gathers && m.kind === 'stream-chunk') {
          gather.add(m);
          continue;
        }
        gather.flush();
      }
      if (m === msg && transfer) send(port, m, transfer);
      else send(port, m);
    }
  };
  return win.Object.assign(emit, { gathering });
}
