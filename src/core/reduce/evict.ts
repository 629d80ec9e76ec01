// Eviction under a session cap: the oldest ended streams go whole, with every run they
// carried, their findings and their place in threads — never half a run, never a stream
// still receiving. What a stream holds is counted by the caller's measure (the panel's
// retained estimate, see retained.ts), by default its wire bytes.
import type { StreamModel } from '../model/types.js';
import type { Store } from './store.js';

export interface Evicted {
  readonly runs: number;
  readonly bytes: number;
  readonly streamIds: readonly string[];
}

/** The bytes a stream holds, in the panel's accounting. */
export function heldBytes(stream: StreamModel): number {
  let n = 512 + stream.info.url.length + (stream.info.requestBody?.length ?? 0);
  for (const c of stream.chunks) {
    if (c.kind === 'bytes') n += c.data.byteLength;
    else if (c.kind === 'message') n += c.message.data.length + c.message.event.length;
    else n += 64;
  }
  return n;
}

/** How much a stream holds, in the caller's accounting. */
export type StreamMeasure = (stream: StreamModel) => number;

/** Evicts the oldest ended streams until about `bytes` (by `measure`) are freed. */
export function evictOldest(store: Store, bytes: number, measure: StreamMeasure = heldBytes): Evicted {
  const m = store.model;
  const gone = new Set<string>();
  let freed = 0;
  for (const stream of m.streams) {
    if (freed >= bytes) break;
    if (stream.end === undefined) continue;
    gone.add(stream.info.streamId);
    freed += measure(stream);
  }
  if (gone.size === 0) return { runs: 0, bytes: 0, streamIds: [] };
  const goneRuns = new Set(m.runs.filter((r) => gone.has(r.streamId)).map((r) => r.key));
  m.streams = m.streams.filter((s) => !gone.has(s.info.streamId));
  m.runs = m.runs.filter((r) => !goneRuns.has(r.key));
  for (const id of gone) store.streams.delete(id);
  for (const key of goneRuns) store.runs.delete(key);
  for (const thread of m.threads) thread.runKeys = thread.runKeys.filter((k) => !goneRuns.has(k));
  const emptied = m.threads.filter((t) => t.runKeys.length === 0);
  for (const t of emptied) store.threads.delete(t.threadId);
  m.threads = m.threads.filter((t) => t.runKeys.length > 0);
  const kept = m.findings.filter((f) => !gone.has(f.streamId));
  for (const f of m.findings) if (gone.has(f.streamId)) m.counts[f.severity]--;
  // New arrays, not edits: a reader holding the old ones sees them whole (see withdrawFindings).
  m.findings = kept;
  m.version++;
  return { runs: goneRuns.size, bytes: freed, streamIds: [...gone] };
}
