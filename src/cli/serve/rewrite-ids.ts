// The request's threadId/runId in place of the recorded ones (src/core/replay/rewrite-pieces.ts
// for a body held whole); a body read from its file is rewritten as it is read.
import { concatBytes, withRequestIdPieces } from '../core-deps.js';
import type { IdField } from '../../core/replay/types.js';
import type { RecordedRun, ReplayPiece } from '../recording.js';
import type { PatchTable } from './patch-table.js';

export function withRequestIds(run: RecordedRun, ids: Partial<Record<IdField, string>>): readonly ReplayPiece[] {
  return withRequestIdPieces(run.pieces, run.idPatches, ids);
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
