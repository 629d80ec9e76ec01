// Messages and dependencies the tap-queue tests (tap side and relay side) share.
import type { TapWireMessage } from '../bridge/messages.js';

export const chunk = (streamId: string, seq: number, n: number): TapWireMessage => ({
  kind: 'stream-chunk',
  streamId,
  seq,
  t: seq,
  bytes: new Uint8Array(n),
});

export const end = (streamId: string, seq: number): TapWireMessage => ({
  kind: 'stream-end',
  streamId,
  seq,
  t: seq,
  reason: 'complete',
});

export const queueDeps = { cap: 1000, docId: 'doc', now: () => 5, byteLength: (b: Uint8Array) => b.byteLength };
