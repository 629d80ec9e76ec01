// The relay's acknowledgements to the tap: how many bytes it has taken off the private
// port, every LIMITS.relayAckBytes, so the tap can bound what waits there (src/tap/tap-queue.ts).
// Counted before validation and by the tap's own measure, so both sides agree.
import { LIMITS, type RelayAck } from './messages.js';

function weight(data: unknown): number {
  if (typeof data !== 'object' || data === null) return 0;
  const m = data as { kind?: unknown; bytes?: unknown; data?: unknown; blob?: unknown };
  if ((m.kind === 'stream-chunk' || m.kind === 'chunk-bytes') && ArrayBuffer.isView(m.bytes)) return m.bytes.byteLength;
  // The tap counted each gathered chunk's bytes: together they are the batch's (or Blob's) size.
  if (m.kind === 'chunk-blob' && Object.prototype.toString.call(m.blob) === '[object Blob]')
    return (m.blob as Blob).size;
  if (m.kind === 'stream-message' && typeof m.data === 'string') return m.data.length;
  return 0;
}

export function createTapAcks(send: (ack: RelayAck) => void, every: number = LIMITS.relayAckBytes) {
  let received = 0;
  let acked = 0;
  return {
    took(data: unknown): void {
      received += weight(data);
      if (received - acked < every) return;
      acked = received;
      try {
        send({ kind: 'relay-ack', received });
      } catch {
        // a closed port: nothing waits on it any more
      }
    },
  };
}
