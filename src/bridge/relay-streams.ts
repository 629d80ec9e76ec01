// The relay's view of the streams of its document: a byte cap per stream that holds for
// every transport (fetch, XHR and EventSource alike, whatever the tap did), and the list
// of streams still open, so a navigation can end them instead of leaving them "live".
import { formatCap, LIMITS, type ChunkBlob, type ChunkPart, type StreamEndReason, type TapItem } from './messages.js';

type StreamEnd = Extract<TapItem, { readonly kind: 'stream-end' }>;

export interface StreamGate {
  /** What to forward for one tap message: [] when its stream was cut at the cap. */
  admit(m: TapItem, now: number): TapItem[];
  /** End messages for every stream still open (the document is going away). */
  endAll(reason: StreamEndReason, t: number): StreamEnd[];
  readonly open: number;
}

/** Beyond this many open streams a document is not tracked further (a hostile page). */
const MAX_TRACKED = 100_000;

export function createStreamGate(capBytes: number = LIMITS.streamBytes): StreamGate {
  const open = new Map<string, { seq: number; bytes: number }>();
  /** Cut at the cap: later messages are dropped until the tap's own end arrives. */
  const cut = new Set<string>();
  /** One chunk's verdict: pass it, drop it, or end its stream here. */
  const chunk = (streamId: string, seq: number, bytes: number, now: number): true | false | StreamEnd => {
    if (cut.has(streamId)) return false;
    const s = open.get(streamId);
    if (!s) return true;
    s.seq = seq;
    s.bytes += bytes;
    if (s.bytes <= capBytes) return true;
    open.delete(streamId);
    cut.add(streamId);
    const error = `capture stopped at ${formatCap(capBytes)}`;
    return { kind: 'stream-end', streamId, seq, t: now, reason: 'capture-truncated', error };
  };
  // The tap's gathered Blob, part by part; a part cut or dropped leaves the Blob as slices
  // of the rest (references, no copy). Almost always every part passes and the Blob goes whole.
  const blob = (m: ChunkBlob, now: number): (ChunkBlob | StreamEnd)[] => {
    const keep: ChunkPart[] = [];
    const slices: Blob[] = [];
    const ends: StreamEnd[] = [];
    const verdicts = m.parts.map((p) => chunk(p.streamId, p.seq, p.size, now));
    if (verdicts.every((v) => v === true)) return [m];
    let at = 0;
    m.parts.forEach((p, i) => {
      const v = verdicts[i];
      if (v === true) {
        keep.push(p);
        slices.push(m.blob.slice(at, at + p.size));
      } else if (v) ends.push(v);
      at += p.size;
    });
    const out: (ChunkBlob | StreamEnd)[] = keep.length ? [{ ...m, blob: new Blob(slices), parts: keep }] : [];
    return [...out, ...ends];
  };
  return {
    admit(m, now) {
      if (m.kind === 'chunk-blob') return blob(m, now);
      if (m.kind === 'stream-open') {
        if (open.size < MAX_TRACKED) open.set(m.streamId, { seq: m.seq, bytes: 0 });
        return [m];
      }
      if (m.kind !== 'stream-chunk' && m.kind !== 'stream-message' && m.kind !== 'stream-end') return [m];
      if (cut.has(m.streamId)) {
        if (m.kind === 'stream-end') cut.delete(m.streamId);
        return [];
      }
      if (m.kind === 'stream-end') {
        open.delete(m.streamId);
        return [m];
      }
      const v = chunk(
        m.streamId,
        m.seq,
        m.kind === 'stream-chunk' ? m.bytes.byteLength : m.data.length + m.event.length,
        now,
      );
      return v === true ? [m] : v === false ? [] : [v];
    },
    endAll(reason, t) {
      const ends: StreamEnd[] = [];
      for (const [streamId, s] of open) ends.push({ kind: 'stream-end', streamId, seq: s.seq + 1, t, reason });
      open.clear();
      return ends;
    },
    get open() {
      return open.size;
    },
  };
}
