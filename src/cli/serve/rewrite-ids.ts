// The request's threadId/runId in place of the recorded ones, as in-page Replay does by
// default: the lifecycle events' id literals are replaced in the body bytes (nothing else
// is re-encoded), and each recorded piece keeps its place, a boundary inside a replaced
// literal moving to its end. A body read from its file is rewritten as it is read.
import { applyIdPatches, concatBytes } from '../core-deps.js';
import type { IdField } from '../../core/replay/types.js';
import { bodyOf, type RecordedRun, type ReplayPiece } from '../recording.js';
import type { PatchTable } from './patch-table.js';

export function withRequestIds(run: RecordedRun, ids: Partial<Record<IdField, string>>): readonly ReplayPiece[] {
  const patches = run.idPatches.filter((p) => ids[p.field] !== undefined);
  if (patches.length === 0) return run.pieces;
  const body = applyIdPatches(bodyOf(run), patches, ids);
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
  const out: ReplayPiece[] = [];
  let oldEnd = 0;
  let from = 0;
  for (const piece of run.pieces) {
    oldEnd += piece.data.length;
    const to = Math.max(from, moved(oldEnd));
    out.push({ at: piece.at, data: body.subarray(from, to) });
    from = to;
  }
  return out;
}

/**
 * A body read in pieces with the request's ids in place of the recorded ones: each
 * patch's literal is replaced as the pieces go by (a literal cut across pieces included),
 * so the body is never held whole. Each piece keeps its time.
 */
export async function* withRequestIdsStreamed(
  pieces: AsyncIterable<ReplayPiece>,
  patches: PatchTable,
  ids: Partial<Record<IdField, string>>,
): AsyncGenerator<ReplayPiece> {
  const enc = new TextEncoder();
  const literal = { threadId: ids.threadId, runId: ids.runId };
  const wanted = (i: number): boolean => i < patches.length && literal[patches.field(i)] !== undefined;
  let pos = 0;
  let skipTo = 0;
  let k = 0;
  while (k < patches.length && !wanted(k)) k++;
  for await (const { at, data: piece } of pieces) {
    const end = pos + piece.length;
    const parts: Uint8Array[] = [];
    let from = Math.max(0, skipTo - pos);
    while (from < piece.length) {
      if (k >= patches.length || patches.start(k) >= end) {
        parts.push(piece.subarray(from));
        break;
      }
      const start = patches.start(k) - pos;
      if (start > from) parts.push(piece.subarray(from, start));
      parts.push(enc.encode(JSON.stringify(literal[patches.field(k)])));
      skipTo = patches.end(k);
      from = skipTo - pos;
      do k++;
      while (k < patches.length && !wanted(k));
    }
    pos = end;
    if (parts.length === 1) yield { at, data: parts[0]! };
    else if (parts.length > 1) yield { at, data: concatBytes(parts) };
  }
}
