// Bytes handed to an inspector in pieces of at most 64 KB. A decoder returns a piece's
// events together, and they live until the piece is judged: a megabyte read (or a HAR's
// whole body) fed at once keeps ten thousand decoded events alive at a time, long enough
// for the collector to move them to the old generation, where they cost memory until
// its next full collection. The findings are the same for any chunking. Larger bytes are
// copied piece by piece, not viewed: a stream's decoder outlives its end, and a view it
// kept of its last piece would pin the whole body (a HAR entry's megabytes, per entry).
import type { Inspector } from '../../inspector.js';

const PIECE = 1 << 16;

export function appendInPieces(inspector: Inspector, streamId: string, data: Uint8Array, t: number): void {
  if (data.length <= PIECE) {
    inspector.appendBytes(streamId, data, t);
    return;
  }
  for (let at = 0; at < data.length; at += PIECE) inspector.appendBytes(streamId, data.slice(at, at + PIECE), t);
}
