// The tap's side of its private port, bounded: bytes the relay has not acknowledged yet
// (it is not there yet, or has fallen behind) wait in the page's memory, so past
// LIMITS.tapQueueBytes the tap drops instead. A stream that loses a piece is ended
// 'capture-truncated' at once (a gap would read as protocol errors) and the rest of it is
// dropped too; what was dropped is reported as `tap-dropped` (cumulative per document,
// the latest is the truth), with the cut and at the stream's own end. A chunk bound for a
// Blob may pass while more waits (`blobCap`): its bytes leave the page's memory once the
// Blob is made; anything else still passes only while less than `cap` waits.
import type { TapWireMessage } from '../bridge/messages.js';

export interface TapQueueDeps {
  readonly cap: number;
  /** What may wait when the message goes into a Blob (LIMITS.tapBlobQueueBytes); `cap` when absent. */
  readonly blobCap?: number;
  readonly docId: string;
  readonly now: () => number;
  /** A captured getter: the page's own prototype is never asked. */
  readonly byteLength: (bytes: Uint8Array) => number;
}

export interface TapQueue {
  /**
   * What to send for one message: itself, nothing (dropped), or an end and a report.
   * `intoBlob`: a chunk the Blob gather takes (./blob-gather.ts), held to `blobCap`.
   */
  pass(msg: TapWireMessage, intoBlob?: boolean): readonly TapWireMessage[];
  /** The relay's count of what it has taken off the port. */
  ack(received: number): void;
  /**
   * The hold (./hold-gather.ts) let a stream go: `messages` chunks of `bytes` that passed
   * here were dropped before leaving. Ends the stream as a full queue would, with `error`;
   * what follows of it is dropped here. Returns what to send: the end and a report.
   */
  cut(
    streamId: string,
    seq: number,
    t: number,
    messages: number,
    bytes: number,
    error: string,
  ): readonly TapWireMessage[];
}

/** What a message weighs on the queue; the relay counts the same way (relay-ack). */
export function queueWeight(msg: TapWireMessage, byteLength: (b: Uint8Array) => number): number {
  if (msg.kind === 'stream-chunk') return byteLength(msg.bytes);
  if (msg.kind === 'stream-message') return msg.data.length;
  return 0;
}

export function createTapQueue(deps: TapQueueDeps): TapQueue {
  const blobCap = Math.max(deps.cap, deps.blobCap ?? deps.cap);
  let sent = 0;
  let acked = 0;
  let messages = 0;
  let bytes = 0;
  let reported = 0;
  // Prototype-less: a stream id written as a key never meets a page setter.
  const cut: Record<string, true | undefined> = Object.create(null) as Record<string, true | undefined>;
  const report = (): TapWireMessage => {
    reported = messages;
    return { kind: 'tap-dropped', frameId: deps.docId, messages, bytes, t: deps.now() };
  };
  return {
    pass(msg, intoBlob = false) {
      if (msg.kind !== 'stream-chunk' && msg.kind !== 'stream-message' && msg.kind !== 'stream-end') return [msg];
      const id = msg.streamId;
      if (cut[id] === true) {
        if (msg.kind === 'stream-end') {
          delete cut[id];
          return reported === messages ? [] : [report()];
        }
        messages++;
        bytes += queueWeight(msg, deps.byteLength);
        return [];
      }
      const w = queueWeight(msg, deps.byteLength);
      if (w > 0 && sent - acked + w > (intoBlob ? blobCap : deps.cap)) {
        messages++;
        bytes += w;
        cut[id] = true;
        const end: TapWireMessage = {
          kind: 'stream-end',
          streamId: id,
          seq: msg.seq,
          t: msg.t,
          reason: 'capture-truncated',
          error: 'capture stopped: the page-side queue to the extension was full',
        };
        return [end, report()];
      }
      sent += w;
      return [msg];
    },
    ack(received) {
      if (received > acked && received <= sent) acked = received;
    },
    cut(streamId, seq, t, dropped, droppedBytes, error) {
      // Counted as sent when they passed, they never will be: the relay acknowledges only what it takes.
      sent -= droppedBytes;
      messages += dropped;
      bytes += droppedBytes;
      cut[streamId] = true;
      return [{ kind: 'stream-end', streamId, seq, t, reason: 'capture-truncated', error }, report()];
    },
  };
}
