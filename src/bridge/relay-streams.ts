// The relay's view of the streams of its document: a byte cap per stream that holds for
// every transport (fetch, XHR and EventSource alike, whatever the tap did), and the list
// of streams still open, so a navigation can end them instead of leaving them "live".
import { LIMITS, type StreamEndReason, type TapWireMessage } from './messages.js';

type StreamEnd = Extract<TapWireMessage, { readonly kind: 'stream-end' }>;

export interface StreamGate {
  /** What to forward for one tap message: [] when its stream was cut at the cap. */
  admit(m: TapWireMessage, now: number): TapWireMessage[];
  /** End messages for every stream still open (the document is going away). */
  endAll(reason: StreamEndReason, t: number): StreamEnd[];
  readonly open: number;
}

/** Beyond this many open streams a document is not tracked further (a hostile page). */
const MAX_TRACKED = 100_000;

export function formatCap(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} kB` : `${bytes} B`;
}

export function createStreamGate(capBytes: number = LIMITS.streamBytes): StreamGate {
  const open = new Map<string, { seq: number; bytes: number }>();
  /** Cut at the cap: later messages are dropped until the tap's own end arrives. */
  const cut = new Set<string>();
  return {
    admit(m, now) {
      if (m.kind === 'stream-open') {
        if (open.size < MAX_TRACKED) open.set(m.streamId, { seq: m.seq, bytes: 0 });
        return [m];
      }
      if (m.kind !== 'stream-chunk' && m.kind !== 'stream-message' && m.kind !== 'stream-end') return [m];
      if (cut.has(m.streamId)) {
        if (m.kind === 'stream-end') cut.delete(m.streamId);
        return [];
      }
      const s = open.get(m.streamId);
      if (m.kind === 'stream-end') {
        open.delete(m.streamId);
        return [m];
      }
      if (!s) return [m];
      s.seq = m.seq;
      s.bytes += m.kind === 'stream-chunk' ? m.bytes.byteLength : m.data.length + m.event.length;
      if (s.bytes <= capBytes) return [m];
      open.delete(m.streamId);
      cut.add(m.streamId);
      const end: StreamEnd = {
        kind: 'stream-end',
        streamId: m.streamId,
        seq: m.seq,
        t: now,
        reason: 'capture-truncated',
        error: `capture stopped at ${formatCap(capBytes)}`,
      };
      return [end];
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
