// The keepCapturedBytes: false option (src/core/inspector.ts): a stream's newest bytes
// chunk loses its data once decoded, so a long stream costs its events, not its bytes. A
// decoded event or message (a JSONL line) is not kept as a chunk at all: a chunk each
// would cost a JSONL file's every event.
import type { CapturedChunk } from '../model/types.js';
import type { Store } from '../reduce/store.js';
import { streamEntry } from '../reduce/lookup.js';
import { FAILED_BODY_BYTES } from '../failed-request.js';

const EMPTY = new Uint8Array(0);

export function forgetLastChunkData(store: Store, streamId: string): void {
  const stream = streamEntry(store, streamId)?.stream;
  const chunks = stream?.chunks;
  const last = chunks?.[chunks.length - 1];
  if (chunks === undefined || last === undefined) return;
  if (last.kind !== 'bytes') {
    chunks.pop();
    return;
  }
  if (last.data.length === 0) return;
  // A failed request's body start is its verdict's evidence (read at its end): kept, bounded.
  const before = (stream?.bytes ?? 0) - last.data.length;
  const keep =
    stream?.info.encoding === 'none' ? Math.max(0, Math.min(last.data.length, FAILED_BODY_BYTES - before)) : 0;
  const emptied: CapturedChunk = { t: last.t, kind: 'bytes', data: keep > 0 ? last.data.slice(0, keep) : EMPTY };
  chunks[chunks.length - 1] = emptied;
}
