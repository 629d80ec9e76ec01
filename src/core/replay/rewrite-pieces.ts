// A recorded body's pieces with the request's threadId/runId in place of the recorded ones,
// as in-page Replay does by default: the lifecycle events' id literals are replaced in the
// body bytes (nothing else is re-encoded), and each recorded piece keeps its place, a
// boundary inside a replaced literal moving to its end. `serve` and the Playwright
// fixture's routing both answer this way.
import { concatBytes } from '../bytes.js';
import { applyIdPatches } from './id-patches.js';
import type { IdField, IdPatch } from './types.js';

export interface TimedPiece {
  /** ms since the request started. */
  readonly at: number;
  readonly data: Uint8Array;
}

export function withRequestIds<P extends TimedPiece>(
  pieces: readonly P[],
  idPatches: readonly IdPatch[],
  ids: Partial<Record<IdField, string>>,
): readonly TimedPiece[] {
  const patches = idPatches.filter((p) => ids[p.field] !== undefined);
  if (patches.length === 0) return pieces;
  const body = applyIdPatches(concatBytes(pieces.map((p) => p.data)), patches, ids);
  const enc = new TextEncoder();
  const delta = patches.map((p) => enc.encode(JSON.stringify(ids[p.field])).length - (p.end - p.start));
  /** Where old offset `at` lands in the new body (a cut inside a patch moves to its end). */
  const moved = (at: number): number => {
    let shift = 0;
    for (let i = 0; i < patches.length; i++) {
      const p = patches[i]!;
      if (p.start >= at) break;
      if (p.end > at) at = p.end;
      shift += delta[i]!;
    }
    return at + shift;
  };
  const out: TimedPiece[] = [];
  let oldEnd = 0;
  let from = 0;
  for (const piece of pieces) {
    oldEnd += piece.data.length;
    const to = Math.max(from, moved(oldEnd));
    out.push({ at: piece.at, data: body.subarray(from, to) });
    from = to;
  }
  return out;
}
