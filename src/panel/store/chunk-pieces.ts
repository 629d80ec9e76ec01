// A captured chunk applied a piece at a time. The capture store applies its queue in
// slices of a time budget, but a chunk is up to LIMITS.chunkBytes (512 KB, ~6,500 short
// events): applied whole, one chunk outlasts any budget (a flood's flush stretches were
// 50–300 ms, nearly all inside one chunk's decode). The core's findings do not depend on
// where bytes are cut (core/io/stream/feed-pieces.ts feeds imports the same way), so a
// big chunk goes in pieces, in order, and the budget is checked between them.

/** The core's import piece size: a piece of short events is a few ms of work. */
export const PIECE_BYTES = 64 * 1024;

/** What is left of one chunk being fed. Views into its bytes, not copies: the model keeps them all. */
export interface ChunkPieces {
  readonly streamId: string;
  readonly t: number;
  readonly bytes: Uint8Array;
  /** Bytes already fed. */
  at: number;
}

/** The next piece (a view), moving past it; undefined once the chunk is fed. */
export function nextPiece(c: ChunkPieces, pieceBytes = PIECE_BYTES): Uint8Array | undefined {
  if (c.at >= c.bytes.length) return undefined;
  const end = Math.min(c.bytes.length, c.at + pieceBytes);
  const piece = c.bytes.subarray(c.at, end);
  c.at = end;
  return piece;
}
